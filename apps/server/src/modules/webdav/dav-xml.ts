import {
  DOMParser,
  XMLSerializer,
  onWarningStopParsing,
  type Element,
  type Node,
} from '@xmldom/xmldom';
import { DavError } from './dav-error.js';

/** The WebDAV namespace. */
export const DAV_NS = 'DAV:';

/** A property or element name: its namespace URI ('' for none) and local name. */
export interface QName {
  ns: string;
  name: string;
}

const ELEMENT_NODE = 1;

/** The request bodies WebDAV methods take are small; anything bigger is no honest request. */
export const DAV_XML_BODY_MAX = 1024 * 1024;

/**
 * Parses a request body as namespace-aware XML, strictly: malformed XML, an undeclared prefix
 * or a DOCTYPE (no entity is ever expanded: no XXE, no billion laughs) is a 400.
 */
export function parseXml(text: string): Element {
  if (/<!DOCTYPE/i.test(text)) throw new DavError(400, 'XML with a DOCTYPE is not accepted');
  let root: Element | null;
  try {
    const doc = new DOMParser({ onError: onWarningStopParsing }).parseFromString(
      text,
      'application/xml',
    );
    root = doc.documentElement;
  } catch (err) {
    throw new DavError(400, `malformed XML body: ${(err as Error).message.split('\n')[0]}`);
  }
  if (!root) throw new DavError(400, 'the XML body has no root element');
  assertNamespaces(root);
  return root;
}

/** Every prefixed name must be bound to a namespace (`<bar:foo/>` without xmlns:bar is 400). */
function assertNamespaces(element: Element): void {
  if (element.prefix && !element.namespaceURI) {
    throw new DavError(400, `the XML prefix ${element.prefix} is not declared`);
  }
  for (const child of childElements(element)) assertNamespaces(child);
}

export function childElements(element: Element): Element[] {
  const out: Element[] = [];
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === ELEMENT_NODE) out.push(node as Element);
  }
  return out;
}

export function qnameOf(element: Element): QName {
  return { ns: element.namespaceURI ?? '', name: element.localName ?? element.nodeName };
}

const isDav = (element: Element, name: string) =>
  element.namespaceURI === DAV_NS && element.localName === name;

function davChild(element: Element, name: string): Element | undefined {
  return childElements(element).find((child) => isDav(child, name));
}

/** What a PROPFIND asks for (an empty body is allprop). */
export type PropfindRequest =
  { kind: 'allprop'; include: QName[] } | { kind: 'propname' } | { kind: 'prop'; props: QName[] };

export function parsePropfind(text: string): PropfindRequest {
  if (text.trim() === '') return { kind: 'allprop', include: [] };
  const root = parseXml(text);
  if (!isDav(root, 'propfind')) throw new DavError(400, 'the body must be a DAV:propfind element');
  const prop = davChild(root, 'prop');
  if (prop) return { kind: 'prop', props: childElements(prop).map(qnameOf) };
  if (davChild(root, 'propname')) return { kind: 'propname' };
  if (davChild(root, 'allprop')) {
    const include = davChild(root, 'include');
    return { kind: 'allprop', include: include ? childElements(include).map(qnameOf) : [] };
  }
  throw new DavError(400, 'a propfind names prop, propname or allprop');
}

/** One change of a PROPPATCH, in document order. */
export type PropertyChange = QName & ({ op: 'set'; value: string } | { op: 'remove' });

const serializer = new XMLSerializer();

/** An element's content as XML, with the namespace declarations its children need. */
export function innerXml(element: Element): string {
  let out = '';
  for (let node: Node | null = element.firstChild; node; node = node.nextSibling) {
    out += serializer.serializeToString(node);
  }
  return out;
}

export function parsePropertyUpdate(text: string): PropertyChange[] {
  const root = parseXml(text);
  if (!isDav(root, 'propertyupdate')) {
    throw new DavError(400, 'the body must be a DAV:propertyupdate element');
  }
  const changes: PropertyChange[] = [];
  for (const action of childElements(root)) {
    const set = isDav(action, 'set');
    if (!set && !isDav(action, 'remove')) continue;
    const prop = davChild(action, 'prop');
    if (!prop) throw new DavError(400, 'set and remove each hold a DAV:prop');
    for (const property of childElements(prop)) {
      const name = qnameOf(property);
      changes.push(
        set ? { ...name, op: 'set', value: innerXml(property) } : { ...name, op: 'remove' },
      );
    }
  }
  if (changes.length === 0) throw new DavError(400, 'the propertyupdate changes nothing');
  return changes;
}

/** What a LOCK body asks for. */
export interface LockRequest {
  scope: 'exclusive' | 'shared';
  /** The owner element's content as XML ('' when none). */
  owner: string;
}

export function parseLockInfo(text: string): LockRequest {
  const root = parseXml(text);
  if (!isDav(root, 'lockinfo')) throw new DavError(400, 'the body must be a DAV:lockinfo element');
  const scope = davChild(root, 'lockscope');
  const exclusive = scope && davChild(scope, 'exclusive');
  const shared = scope && davChild(scope, 'shared');
  if (!exclusive === !shared) throw new DavError(400, 'lockscope is exclusive or shared');
  const type = davChild(root, 'locktype');
  if (!type || !davChild(type, 'write')) {
    throw new DavError(422, 'only write locks exist', { condition: 'lock-type-unsupported' });
  }
  const owner = davChild(root, 'owner');
  return { scope: exclusive ? 'exclusive' : 'shared', owner: owner ? innerXml(owner) : '' };
}

// ─── writing ────────────────────────────────────────────────────────────────────────────────

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="utf-8"?>\n';

/**
 * An element named by its expanded name, with its content: `D:` for DAV:, otherwise a prefix
 * declared on the element itself (or `xmlns=""` for a name in no namespace), so any name
 * round-trips whatever prefixes the client used.
 */
export function element(name: QName, content: string): string {
  let open: string;
  let close: string;
  if (name.ns === DAV_NS) {
    open = `D:${name.name}`;
    close = open;
  } else if (name.ns === '') {
    open = `${name.name} xmlns=""`;
    close = name.name;
  } else {
    open = `R:${name.name} xmlns:R="${escapeXml(name.ns)}"`;
    close = `R:${name.name}`;
  }
  return content === '' ? `<${open}/>` : `<${open}>${content}</${close}>`;
}

/** `<D:name>content</D:name>` for the DAV: elements of an answer. */
export const dav = (name: string, content = '') => element({ ns: DAV_NS, name }, content);

export function statusLine(status: number): string {
  return `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Unknown'}`;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  423: 'Locked',
  424: 'Failed Dependency',
  500: 'Internal Server Error',
  507: 'Insufficient Storage',
};

/** A whole multistatus document from its `<D:response>` elements. */
export function multistatus(responses: readonly string[]): string {
  return `${XML_DECLARATION}<D:multistatus xmlns:D="DAV:">${responses.join('')}</D:multistatus>`;
}

/** A `<D:error>` body naming one condition (and the hrefs it concerns). */
export function errorBody(condition: string, hrefs: readonly string[] = []): string {
  const inner = hrefs.map((href) => dav('href', escapeXml(href))).join('');
  return `${XML_DECLARATION}<D:error xmlns:D="DAV:">${dav(condition, inner)}</D:error>`;
}
