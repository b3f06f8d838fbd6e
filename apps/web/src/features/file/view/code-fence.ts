/**
 * The text as one fenced Markdown code block in `language`, so the Markdown renderer shows
 * it with its lazily loaded highlighting. The fence is longer than any run of backticks in
 * the text, so no line of the file can close it early.
 */
export function fencedSource(text: string, language: string): string {
  const longestRun = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${language}\n${body}${fence}\n`;
}
