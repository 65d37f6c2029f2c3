import type { Messages } from '@lingui/core';

// The string files are written the i18next way, which translators and the key tests know: nested
// keys, `{{name}}` placeholders, and plural forms as sibling keys (`items_one`, `items_other`). Lingui
// reads compiled messages: one flat catalog per language, each message a list of text and
// placeholder tokens, plurals as one `[name, 'plural', { one, other }]` token picked by the language's
// plural rules. This turns a namespace's file into that catalog, under ids `<namespace>:<key>`.

type Token = string | [name: string] | [name: string, type: 'plural', forms: Record<string, Token[]>];

/** A plural form suffix of a key (`_one`, `_other`…), as Intl.PluralRules names the forms. */
const PLURAL_SUFFIX = /^(.+)_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** 'Used {{count}} calls' → ['Used ', ['count'], ' calls']. Every message is a token list, never a bare string. */
function tokens(text: string): Token[] {
  const out: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    out.push([match[1]!]);
    last = match.index + match[0].length;
  }
  if (last < text.length || out.length === 0) out.push(text.slice(last));
  return out;
}

/** The flat `key → text` pairs of a nested string file: { a: { b: 'x' } } → { 'a.b': 'x' }. */
function flatten(tree: object, prefix: string, into: Map<string, string>): void {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else if (value && typeof value === 'object') flatten(value, `${prefix}${key}.`, into);
  }
}

/** One namespace's strings as Lingui's compiled catalog, with ids `<namespace>:<key>`. */
export function compileNamespace(namespace: string, tree: object): Messages {
  const flat = new Map<string, string>();
  flatten(tree, '', flat);
  const plurals = new Map<string, Record<string, Token[]>>();
  const messages: Record<string, Token[]> = {};
  for (const [key, text] of flat) {
    // Every key stays readable as written ('items_other' too, as i18next allows).
    messages[`${namespace}:${key}`] = tokens(text);
    const plural = PLURAL_SUFFIX.exec(key);
    // A key ending in _one or the like is a plural form of its base when the base's _other is there.
    if (plural && flat.has(`${plural[1]}_other`)) {
      const forms = plurals.get(plural[1]!) ?? {};
      forms[plural[2]!] = tokens(text);
      plurals.set(plural[1]!, forms);
    }
  }
  for (const [key, forms] of plurals) messages[`${namespace}:${key}`] = [['count', 'plural', forms]];
  return messages as Messages;
}
