import type { DOMPurify } from 'dompurify';

/**
 * Chromium checks the page's CSP when the HTML parser creates an `on…` attribute, in every
 * document of the window: DOMParser and createHTMLDocument documents, <template> contents, even
 * its own Sanitizer. The handler never runs there, but `<img onerror=…>` parsed by DOMPurify
 * still files a `script-src-attr` violation against the live page. So no markup reaches any HTML
 * parser with an event-handler attribute name in it: `neutralizeHandlerNames` puts a U+0000
 * in front of each one, which the tokenizer turns into U+FFFD, so the attribute is named
 * "\uFFFDonerror" (no handler; the sanitisers drop it as unknown).
 *
 * Which `<` opens a tag depends on the tree builder (raw text, comments, foreign content), so
 * every `<` + letter is treated as a possible tag and followed through the tokenizer's tag
 * states (WHATWG HTML §13.2.5.6–.40) to its end. Every tag a browser can see is one of them and
 * is read exactly as the browser reads it: U+0000 is no delimiter in any of these states, so
 * the inserted characters never move a tag or attribute boundary. Where a mark lands outside a
 * real attribute name (a possible tag inside an attribute value, raw text or a comment), the
 * parser drops it from body text or keeps a U+FFFD, which `addMarkRestoreHooks` removes again.
 */

const MARK = '\u0000';
/** What the HTML parser makes of MARK outside body text. */
const PARSED_MARK = '\uFFFD';
const PARSED_MARK_BEFORE_ON = /\uFFFD(?=[oO][nN])/g;

const enum State {
  TagName,
  BeforeAttributeName,
  AttributeName,
  AfterAttributeName,
  BeforeAttributeValue,
  DoubleQuotedValue,
  SingleQuotedValue,
  UnquotedValue,
  AfterQuotedValue,
  SelfClosing,
}

const TAB = 0x09;
const LF = 0x0a;
const FF = 0x0c;
const CR = 0x0d;
const SPACE = 0x20;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;
const SLASH = 0x2f;
const EQUALS = 0x3d;
const GREATER_THAN = 0x3e;

function isWhitespace(code: number): boolean {
  // CR counts: the parser's input stream turns CR and CR LF into LF first.
  return code === SPACE || code === LF || code === TAB || code === FF || code === CR;
}

function isAsciiAlpha(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function startsWithOn(text: string, index: number): boolean {
  return (text.charCodeAt(index) | 0x20) === 0x6f && (text.charCodeAt(index + 1) | 0x20) === 0x6e;
}

// Quick rejection: an event-handler name always follows whitespace, a slash or a quote.
const POSSIBLE_HANDLER = /[\s/"']on/i;

/**
 * `html` with a U+0000 before every attribute name that starts with "on" in any tag the HTML
 * tokenizer could read from it; unchanged when there is none. Linear: the walks from different
 * `<` converge, and a (position, state) pair already walked is not walked again.
 */
export function neutralizeHandlerNames(html: string): string {
  if (!html.includes('<') || !POSSIBLE_HANDLER.test(html)) return html;
  const length = html.length;
  const walked = new Uint16Array(length + 1);
  const marks: number[] = [];
  const startAttribute = (index: number) => {
    if (startsWithOn(html, index)) marks.push(index);
  };

  for (let open = html.indexOf('<'); open !== -1; open = html.indexOf('<', open + 1)) {
    // Only start tags: the attributes of an end tag (`</a onclick>`) never reach an element.
    let index = open + 1;
    if (!isAsciiAlpha(html.charCodeAt(index))) continue;
    let state = State.TagName;
    while (index < length) {
      const bit = 1 << state;
      if (walked[index]! & bit) break;
      walked[index]! |= bit;
      const code = html.charCodeAt(index);
      // `>` ends the tag in every state but inside a quoted value.
      const quoted = state === State.DoubleQuotedValue || state === State.SingleQuotedValue;
      if (code === GREATER_THAN && !quoted) break;
      switch (state) {
        case State.TagName:
          if (isWhitespace(code)) state = State.BeforeAttributeName;
          else if (code === SLASH) state = State.SelfClosing;
          index += 1;
          break;
        case State.BeforeAttributeName:
          if (isWhitespace(code)) index += 1;
          else if (code === SLASH) state = State.AfterAttributeName;
          else {
            // `=` here starts a name too ("="), which is never a handler's.
            startAttribute(index);
            state = State.AttributeName;
            index += 1;
          }
          break;
        case State.AttributeName:
          if (isWhitespace(code) || code === SLASH) state = State.AfterAttributeName;
          else {
            if (code === EQUALS) state = State.BeforeAttributeValue;
            index += 1;
          }
          break;
        case State.AfterAttributeName:
          if (isWhitespace(code)) index += 1;
          else if (code === SLASH) {
            state = State.SelfClosing;
            index += 1;
          } else if (code === EQUALS) {
            state = State.BeforeAttributeValue;
            index += 1;
          } else {
            startAttribute(index);
            state = State.AttributeName;
            index += 1;
          }
          break;
        case State.BeforeAttributeValue:
          if (isWhitespace(code)) index += 1;
          else if (code === DOUBLE_QUOTE) {
            state = State.DoubleQuotedValue;
            index += 1;
          } else if (code === SINGLE_QUOTE) {
            state = State.SingleQuotedValue;
            index += 1;
          } else state = State.UnquotedValue;
          break;
        case State.DoubleQuotedValue:
          if (code === DOUBLE_QUOTE) state = State.AfterQuotedValue;
          index += 1;
          break;
        case State.SingleQuotedValue:
          if (code === SINGLE_QUOTE) state = State.AfterQuotedValue;
          index += 1;
          break;
        case State.UnquotedValue:
          if (isWhitespace(code)) state = State.BeforeAttributeName;
          index += 1;
          break;
        case State.AfterQuotedValue:
          if (isWhitespace(code)) index += 1;
          else if (code === SLASH) {
            state = State.SelfClosing;
            index += 1;
          } else state = State.BeforeAttributeName;
          break;
        case State.SelfClosing:
          state = State.BeforeAttributeName;
          break;
      }
    }
  }
  if (marks.length === 0) return html;

  // Two walks can reach the same name in different states: one mark each.
  const positions = [...new Set(marks)].sort((a, b) => a - b);
  let result = '';
  let from = 0;
  for (const index of positions) {
    result += html.slice(from, index) + MARK;
    from = index;
  }
  return result + html.slice(from);
}

/** `text` without the U+FFFD a mark became in an attribute value, raw text or foreign text. */
export function restoreMarkedText(text: string): string {
  return text.includes(PARSED_MARK) ? text.replace(PARSED_MARK_BEFORE_ON, '') : text;
}

const TEXT_NODE = 3;

/**
 * Hooks that undo the marks the parser kept, before anything reads the values (the URL policy,
 * the allowlists): attribute values (alt="<b onclick>" stays that text) and text nodes.
 */
export function addMarkRestoreHooks(purifier: DOMPurify): void {
  purifier.addHook('beforeSanitizeAttributes', (element) => {
    for (const attribute of Array.from(element.attributes ?? [])) {
      const restored = restoreMarkedText(attribute.value);
      if (restored !== attribute.value) attribute.value = restored;
    }
  });
  purifier.addHook('uponSanitizeElement', (node) => {
    if (node.nodeType !== TEXT_NODE) return;
    const text = node as Text;
    const restored = restoreMarkedText(text.data);
    if (restored !== text.data) text.data = restored;
  });
}
