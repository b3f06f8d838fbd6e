import DOMPurify from 'dompurify';
import { describe, expect, it, vi } from 'vitest';
import { guardMermaidPurifier } from '../mermaid/guard-purifier';
import { renderMarkdown } from '../render/render';
import { neutralizeHandlerNames, restoreMarkedText } from './handler-names';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

/** Every element of a parsed document, template contents included. */
function elementsOf(root: ParentNode): Element[] {
  const found: Element[] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    found.push(element);
    if (element instanceof HTMLTemplateElement) found.push(...elementsOf(element.content));
  }
  return found;
}

/** Attribute names starting with "on" that a parse of `html` creates, as `tag[name]`. */
function handlerAttributes(html: string): string[] {
  return elementsOf(parse(html)).flatMap((element) =>
    Array.from(element.attributes)
      .filter((attribute) => /^on/i.test(attribute.name))
      .map((attribute) => `${element.localName}[${attribute.name}]`),
  );
}

describe('neutralizeHandlerNames', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', '<img src=x \u0000onerror=alert(1)>'],
    ['<IMG SRC=x ONERROR=alert(1)>', '<IMG SRC=x \u0000ONERROR=alert(1)>'],
    ['<img/onerror=alert(1)>', '<img/\u0000onerror=alert(1)>'],
    ['<img src="x"onerror=alert(1)>', '<img src="x"\u0000onerror=alert(1)>'],
    ["<svg\nonload='alert(1)'>", "<svg\n\u0000onload='alert(1)'>"],
    ['<img\ronerror=alert(1)>', '<img\r\u0000onerror=alert(1)>'],
    ['<img src=x\fonerror=alert(1)>', '<img src=x\f\u0000onerror=alert(1)>'],
    ['<a title="<b onclick=x>">', '<a title="<b \u0000onclick=x>">'],
    ['<details open ontoggle=alert(1)>', '<details open \u0000ontoggle=alert(1)>'],
  ])('marks the handler in %j', (input, expected) => {
    expect(neutralizeHandlerNames(input)).toBe(expected);
    expect(handlerAttributes(neutralizeHandlerNames(input))).toEqual([]);
  });

  it.each([
    'turn on the light',
    '<p>turn on the light</p>',
    '<img alt="based on data" title=\'on and on\'>',
    '<a href=x/onclick>x</a>',
    '<onion></onion><option>on</option>',
    '<p>a > on</p>',
    '`on` <!-- on --> on',
  ])('leaves %j alone: no tag it holds has a handler', (input) => {
    expect(neutralizeHandlerNames(input)).toBe(input);
  });

  it('leaves no handler in mutation-XSS vectors, parsed once or parsed again from its output', () => {
    const vectors = [
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=alert(1)&gt;">',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
      '<style><a title="</style><img src=x onerror=alert(1)>"></style>',
      '<style><!--</style><img alt="-->" onerror=alert(1)>',
      '<svg><style><img src=x onerror=alert(1)></style></svg>',
      '<!--><img src=x onerror=alert(1)>-->',
      '<textarea></textarea><img src=x onerror=alert(1)></textarea>',
      '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img onerror=alert(1) src>">',
      '<template><img src=x onerror=alert(1)></template>',
    ];
    for (const vector of vectors) {
      const neutralised = neutralizeHandlerNames(vector);
      expect(handlerAttributes(neutralised), vector).toEqual([]);
      expect(handlerAttributes(parse(neutralised).body.innerHTML), vector).toEqual([]);
    }
  });

  it('stays exact on a large adversarial input (each position is walked a bounded number of times)', () => {
    const input = `${'<a x="<b y=\'<c '.repeat(20_000)} onclick=1>`;
    const output = neutralizeHandlerNames(input);
    expect(output.length - input.length).toBe(1);
    expect(output.endsWith(' \u0000onclick=1>')).toBe(true);
  });
});

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Generated documents: tag openers, attribute-ish pieces (handler names after every separator
// the tokenizer knows) and context that steers the tokenizer and tree builder through comments,
// raw text, foreign content and their mutation-XSS seams.
const TAG_OPENERS = [
  '<a', '<img', '<b', '<svg', '<math', '<x-y', '<p', '</a', '<A', '<style', '<textarea',
  '<mglyph', '<template',
]; // prettier-ignore
const ATTRIBUTE_PIECES = [
  ' onclick=1', ' onerror', '/onload=x', '"onfocus=1', "'onblur", ' On', ' title="', " alt='",
  ' x=', '=', '"', "'", ' ', '/', '>', '\n', '\t', '\f', '\r', 'on', '=on',
]; // prettier-ignore
const CONTEXT_PIECES = [
  '>', '<', '</', '`', '&', '&gt;', '-', '!', 'x', ' on', '<!--', '-->', '--!>', '<!', '<?',
  '</style>', '</textarea>', '<script>', '</script>', '<title>', '<xmp>', '<noscript>',
  '</noscript>', '<iframe>', '</template>', '</svg>', '<mtext>', '<table>', '<select>',
  '<![CDATA[', ']]>', '<foreignObject>', '<!DOCTYPE ', '<frameset>',
]; // prettier-ignore

function generatedDocument(next: () => number): string {
  const pick = (list: readonly string[]) => list[Math.floor(next() * list.length)] ?? '';
  let html = '';
  for (let count = 1 + Math.floor(next() * 24); count > 0; count -= 1) {
    const roll = next();
    html += pick(roll < 0.25 ? TAG_OPENERS : roll < 0.65 ? ATTRIBUTE_PIECES : CONTEXT_PIECES);
  }
  return html;
}

describe('neutralizeHandlerNames against a spec parser (parse5, through jsdom)', () => {
  /** One parse: the handler attributes it made and the document as the parser built it. */
  function parsed(html: string) {
    const doc = parse(html);
    return {
      handlers: elementsOf(doc).some((element) =>
        element.getAttributeNames().some((name) => /^on/i.test(name)),
      ),
      serialised: `${doc.doctype?.name ?? ''}|${doc.documentElement.outerHTML}`,
    };
  }

  it('lets no attribute named on… through, and changes no other parse, in 1,000 generated documents', () => {
    const next = random(20_260_126);
    const leaked: string[] = [];
    const changed: string[] = [];
    let withHandlers = 0;
    for (let sample = 0; sample < 1000; sample += 1) {
      const html = generatedDocument(next);
      const before = parsed(html);
      const after = parsed(neutralizeHandlerNames(html));
      if (after.handlers) leaked.push(html);
      if (before.handlers) withHandlers += 1;
      // Without handlers, the same document once the marks the parser kept are read back.
      else if (after.serialised.replace(/\uFFFD(?=on)/gi, '') !== before.serialised) {
        changed.push(html);
      }
    }
    expect(leaked).toEqual([]);
    expect(changed).toEqual([]);
    // The corpus must exercise both sides, or the checks above prove nothing.
    expect(withHandlers).toBeGreaterThanOrEqual(100);
    expect(withHandlers).toBeLessThan(900);
  });
});

describe('restoreMarkedText', () => {
  it('removes a replacement character only where a mark stood, before "on"', () => {
    expect(restoreMarkedText('a <b \uFFFDonclick=x> \uFFFDON c')).toBe('a <b onclick=x> ON c');
    expect(restoreMarkedText('broken \uFFFD byte')).toBe('broken \uFFFD byte');
  });
});

/** The markup of every DOMParser parse while `run` runs (the parses still happen). */
async function parsedDuring(run: () => unknown): Promise<string[]> {
  const spy = vi.spyOn(DOMParser.prototype, 'parseFromString');
  try {
    await run();
    return spy.mock.calls.map(([markup]) => String(markup));
  } finally {
    spy.mockRestore();
  }
}

describe('the render pipeline parses no handler name', () => {
  it('hands DOMPurify only neutralised markup, and the page only markup without handlers', async () => {
    const source = [
      '<img src=x onerror=alert(1)> <svg onload=alert(1)>',
      '<details open ontoggle=alert(1)><summary>s</summary>d</details>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
      '$x^2$ and $\\href{javascript:alert(1)}{x}$',
    ].join('\n\n');
    let html = '';
    const inputs = await parsedDuring(async () => {
      html = (await renderMarkdown(source)).html;
    });
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) expect(handlerAttributes(input), input).toEqual([]);
    expect(handlerAttributes(html)).toEqual([]);
  });

  it('keeps attribute values and text that only look like handlers, exactly', async () => {
    const { html } = await renderMarkdown(
      '<img alt="a <b onclick=x> c" title=\'say "on" <i onmouseover=y>\' src="https://example.com/a.png">\n\n' +
        '# On call\n\n<textarea><b onclick=x></textarea>',
    );
    const root = document.createElement('div');
    root.innerHTML = html;
    const image = root.querySelector('img');
    expect(image?.getAttribute('alt')).toBe('a <b onclick=x> c');
    expect(image?.getAttribute('title')).toBe('say "on" <i onmouseover=y>');
    expect(root.querySelector('h1')?.id).toBe('on-call');
    expect(root.textContent).toContain('<b onclick=x>');
    expect(html).not.toContain('\uFFFD');
  });
});

describe('guardMermaidPurifier', () => {
  it("makes the shared DOMPurify (Mermaid's label sanitiser) parse neutralised markup only", async () => {
    guardMermaidPurifier();
    guardMermaidPurifier();
    let label = '';
    const inputs = await parsedDuring(() => {
      label = DOMPurify.sanitize('<img src=x onerror=alert(1) alt="a <b onclick=x> c">label');
    });
    expect(inputs).toHaveLength(1);
    expect(handlerAttributes(inputs[0] ?? '')).toEqual([]);
    const root = document.createElement('div');
    root.innerHTML = label;
    expect(root.querySelector('img')?.getAttribute('alt')).toBe('a <b onclick=x> c');
    expect(root.querySelector('img')?.getAttributeNames()).toEqual(['src', 'alt']);
    expect(root.textContent).toBe('label');
  });
});
