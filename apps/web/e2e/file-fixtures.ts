import type { Page } from 'playwright-core';

/** A file the e2e tests upload: name, type and bytes. */
export interface Fixture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** One MPEG-1 Layer III frame of silence (128 kbit/s, 44.1 kHz): header, zeroed side info. */
function silentMp3(frames = 40): Buffer {
  const frame = Buffer.alloc(417);
  frame.writeUInt32BE(0xfffb9064, 0);
  return Buffer.concat(Array.from({ length: frames }, () => frame));
}

/** The smallest well-formed PDF with one page showing a line of text. */
function onePagePdf(text: string): Buffer {
  const content = `BT /F1 18 Tf 20 70 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * Media made by the browser itself (a canvas PNG, a one-second WebM from MediaRecorder), so
 * the fixtures are real, playable files without binary blobs in the repository.
 */
async function browserMedia(page: Page): Promise<{ png: Buffer; webm: Buffer }> {
  const { png, webm } = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = '#1c7ed6';
    ctx.fillRect(0, 0, 160, 90);
    const pngUrl = canvas.toDataURL('image/png');
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let i = 0; i < 10; i++) {
      ctx.fillStyle = `hsl(${i * 36} 70% 50%)`;
      ctx.fillRect(0, 0, 160, 90);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return { png: pngUrl.slice(pngUrl.indexOf(',') + 1), webm: btoa(binary) };
  });
  return { png: Buffer.from(png, 'base64'), webm: Buffer.from(webm, 'base64') };
}

/** Every preview type of the file page, one fixture each. */
export async function previewFixtures(page: Page): Promise<Record<string, Fixture>> {
  const media = await browserMedia(page);
  return {
    md: {
      name: 'notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Meeting notes\n\n- [x] ship uploads\n- [ ] write docs\n'),
    },
    json: {
      name: 'config.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{\n  "name": "pasteport",\n  "port": 8787\n}\n'),
    },
    html: {
      name: 'page.html',
      mimeType: 'text/html',
      buffer: Buffer.from('<h1>Hello page</h1><script>document.title = "pwned"</script>'),
    },
    pdf: {
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: onePagePdf('Quarterly report'),
    },
    png: { name: 'pixel.png', mimeType: 'image/png', buffer: media.png },
    webm: { name: 'clip.webm', mimeType: 'video/webm', buffer: media.webm },
    mp3: { name: 'tone.mp3', mimeType: 'audio/mpeg', buffer: silentMp3() },
    docx: {
      name: 'letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.from('PK\u0003\u0004 not a real document'),
    },
    bin: {
      name: 'blob.bin',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from([0, 1, 2, 3, 255]),
    },
  };
}
