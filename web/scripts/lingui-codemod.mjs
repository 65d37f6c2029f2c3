// Moves namespaces of the app's i18next-style string files onto Lingui's macros, one step of the move to
// Lingui's own model (web/README.md, "i18n keys"); removed with the old string layer.
//
//   node scripts/lingui-codemod.mjs <namespace> [<namespace>…]
//
// In every file whose component takes `t` from `useTranslation('<namespace>')`, each call with a literal key
// (or a choice of two literal keys) becomes `t({ id: '<namespace>.<key>', message: … })` with the English of
// the namespace's en.json (`{{name}}` → `${name}` or `${ph({ name: expr })}`, `_one`/`_other` keys →
// `plural(…)`), and `t` comes from Lingui's `useLingui`. What it cannot convert (keys chosen at run time, `t`
// handed to a helper) it lists; a `t` still used that way is renamed `tApp` on the app's default namespace.
// Then it writes the namespace's Chinese into locales/zh.po after `lingui extract` has made it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from '@babel/core';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(web, 'src');
const poMode = process.argv[2] === '--po';
const namespaces = process.argv.slice(poMode ? 3 : 2);
if (namespaces.length === 0) throw new Error('usage: lingui-codemod.mjs [--po] <namespace>…');

/** The folder of a namespace's string files (`contentHistory` lives in content-history). */
const folderOf = (ns) => ns.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function flatten(tree, prefix = '', into = new Map()) {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}
const strings = Object.fromEntries(
  namespaces.map((ns) => {
    const dir = path.join(src, 'features', folderOf(ns), 'locales');
    const read = (lang) => flatten(JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')));
    return [ns, { dir, en: read('en'), zh: read('zh') }];
  }),
);

function files(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;
const escapeTemplate = (text) => text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
const quote = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const report = [];
/** Per namespace, the msg maps generated for keys chosen at run time; per file, the maps it reads. */
const generated = {};
const imported = {};

/** Babel's AST with parent links: [node, parent] for every node under `root`. */
function* nodes(root, parent = null) {
  yield [root, parent];
  for (const [key, value] of Object.entries(root)) {
    if (key === 'loc' || key === 'extra' || key.endsWith('Comments')) continue;
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child.type === 'string') yield* nodes(child, root);
    }
  }
}

function convertFile(file) {
  const text = readFileSync(file, 'utf8');
  const ast = parseSync(text, {
    filename: file,
    configFile: false,
    babelrc: false,
    parserOpts: { plugins: ['typescript', 'jsx'] },
  });
  const parents = new Map();
  for (const [node, parent] of nodes(ast.program)) parents.set(node, parent);
  const src = (node) => text.slice(node.start, node.end);
  const edits = [];
  const macros = new Set();
  let usesLingui = false;
  let keepsOld = false;
  const where = (node) => `${path.relative(web, file)}:${node.loc.start.line}`;

  /** The English of a key as a macro message, or undefined. */
  const message = (ns, key, options, node) => {
    const { en } = strings[ns];
    const props = new Map();
    if (options?.type === 'ObjectExpression') {
      for (const p of options.properties) {
        if (p.type !== 'ObjectProperty') continue;
        props.set(p.key.name ?? p.key.value, p.shorthand ? p.key.name : src(p.value));
      }
    } else if (options) {
      report.push(`${where(node)}: options not an object literal: ${src(options)}`);
      return undefined;
    }
    const fill = (english, inPlural) =>
      escapeTemplate(english).replace(PLACEHOLDER, (_, name) => {
        if (inPlural && name === 'count') return '#';
        const expr = props.get(name);
        if (expr === undefined) {
          report.push(`${where(node)}: ${ns}.${key} has {{${name}}} but the call gives no value`);
          return `\${${name}}`;
        }
        if (expr === name) return `\${${name}}`;
        macros.add('ph');
        return `\${ph({ ${name}: ${expr} })}`;
      });
    if (en.has(key)) {
      const english = en.get(key);
      return english.includes('{{') ? `\`${fill(english, false)}\`` : quote(english);
    }
    const forms = [...en.keys()].filter((k) => k.startsWith(`${key}_`)).map((k) => k.slice(key.length + 1));
    if (forms.includes('other')) {
      const count = props.get('count');
      if (count === undefined) {
        report.push(`${where(node)}: plural ${ns}.${key} without count`);
        return undefined;
      }
      macros.add('plural');
      // Named `count` wherever it comes from, so that each screen showing the message extracts the same one.
      const simple = count === 'count';
      if (!simple) macros.add('ph');
      const value = simple ? count : `ph({ count: ${count} })`;
      const body = forms.map((form) => `${form}: \`${fill(en.get(`${key}_${form}`), true)}\``).join(', ');
      return `plural(${value}, { ${body} })`;
    }
    report.push(`${where(node)}: ${ns}.${key} is not in en.json`);
    return undefined;
  };

  const literal = (n) =>
    n?.type === 'StringLiteral'
      ? n.value
      : n?.type === 'TemplateLiteral' && n.expressions.length === 0
        ? n.quasis[0].value.cooked
        : undefined;

  const lingui = (ns, key, options, node) => {
    if (key.includes(':')) return undefined;
    const english = message(ns, key, options, node);
    return english === undefined ? undefined : `t({ id: '${ns}.${key}', message: ${english} })`;
  };

  /** `t(`states.${x}`)` → `t(messageFor(STATES_MESSAGES, x))`, the map generated from the keys under `states.`. */
  const runtimeKey = (ns, keyNode, options) => {
    const template = keyNode?.type === 'TSAsExpression' ? keyNode.expression : keyNode;
    if (template?.type !== 'TemplateLiteral' || template.expressions.length !== 1) return undefined;
    const [prefix, suffix] = template.quasis.map((q) => q.value.cooked);
    if (!prefix.endsWith('.') || !/^\w*$/.test(suffix)) return undefined;
    const names = [...strings[ns].en.keys()]
      .filter(
        (k) =>
          k.startsWith(prefix) &&
          k.endsWith(suffix) &&
          /^\w+$/.test(k.slice(prefix.length, k.length - suffix.length)),
      )
      .map((k) => k.slice(prefix.length, k.length - suffix.length));
    if (names.length === 0) return undefined;
    let fallback;
    for (const p of options?.type === 'ObjectExpression' ? options.properties : []) {
      if (p.type === 'ObjectProperty' && (p.key.name ?? p.key.value) === 'defaultValue')
        fallback = src(p.value);
      else return undefined;
    }
    if (options && options.type !== 'ObjectExpression') return undefined;
    const mapName = `${`${prefix}${suffix}`
      .replace(/\.$/, '')
      .replace(/[.]/g, '_')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toUpperCase()}_MESSAGES`;
    generated[ns] ??= new Map();
    const maps = generated[ns];
    maps.set(mapName, { prefix, suffix, names });
    imported[file] ??= new Set();
    imported[file].add(`${ns}:${mapName}`);
    const expr = src(template.expressions[0]);
    // messageFor (i18n/message-for.ts) shows a value the map does not name as it is; import it by hand.
    return fallback === undefined || fallback === expr
      ? `t(messageFor(${mapName}, ${expr}))`
      : `(Object.hasOwn(${mapName}, ${expr}) ? t(messageFor(${mapName}, ${expr})) : ${fallback})`;
  };

  function visitScope(scope, ns, tName, binding) {
    let remaining = 0;
    const done = new Set();
    // Functions that take a parameter of the same name: their `t` is another one.
    const shadowed = [...nodes(scope)]
      .map(([n]) => n)
      .filter(
        (n) => /Function/.test(n.type) && n.params?.some((p) => p.type === 'Identifier' && p.name === tName),
      );
    for (const [node, parent] of nodes(scope)) {
      if ([...done, ...shadowed].some((d) => node.start >= d.start && node.end <= d.end)) continue;
      if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === tName) {
        const [keyNode, options] = node.arguments;
        let replacement;
        if (literal(keyNode) !== undefined) replacement = lingui(ns, literal(keyNode), options, node);
        else if (runtimeKey(ns, keyNode, options)) replacement = runtimeKey(ns, keyNode, options);
        else if (
          keyNode?.type === 'ConditionalExpression' &&
          literal(keyNode.consequent) !== undefined &&
          literal(keyNode.alternate) !== undefined
        ) {
          const a = lingui(ns, literal(keyNode.consequent), options, node);
          const b = lingui(ns, literal(keyNode.alternate), options, node);
          if (a && b) replacement = `(${src(keyNode.test)} ? ${a} : ${b})`;
        }
        if (replacement) {
          edits.push({ start: node.start, end: node.end, text: replacement });
          done.add(node);
          usesLingui = true;
        }
        continue;
      }
      if (node.type !== 'Identifier' || node.name !== tName || node === binding) continue;
      if (parent.type === 'MemberExpression' && parent.property === node && !parent.computed) continue;
      if (parent.type === 'ObjectProperty' && parent.key === node && !parent.shorthand) continue;
      if (parent.type === 'ObjectProperty' && parent.shorthand && parent.key === node) continue;
      // In a hook's dependency list the Lingui `t` stands (it changes with the language).
      if (parent.type === 'ArrayExpression') continue;
      remaining++;
      report.push(`${where(node)}: left: ${src(parents.get(parent) ?? parent).slice(0, 100)}`);
      edits.push({
        start: node.start,
        end: node.end,
        text: parent.type === 'ObjectProperty' && parent.shorthand ? 't: tApp' : 'tApp',
      });
    }
    return remaining;
  }

  /** Per function body: its `useTranslation` statements and what replaces them (one Lingui `t`, one old hook). */
  const scopes = new Map();
  for (const [node, parent] of nodes(ast.program)) {
    const init = node.type === 'VariableDeclarator' ? node.init : undefined;
    if (
      init?.type !== 'CallExpression' ||
      init.callee.type !== 'Identifier' ||
      init.callee.name !== 'useTranslation' ||
      init.arguments.length !== 1 ||
      init.arguments[0].type !== 'StringLiteral' ||
      !namespaces.includes(init.arguments[0].value) ||
      node.id.type !== 'ObjectPattern'
    )
      continue;
    const ns = init.arguments[0].value;
    const tProperty = node.id.properties.find((p) => p.key?.name === 't');
    let scope = parent;
    while (scope && scope.type !== 'BlockStatement') scope = parents.get(scope);
    const entry = scopes.get(scope) ?? { statements: [], lingui: false, old: new Set() };
    scopes.set(scope, entry);
    entry.statements.push(parent);
    for (const p of node.id.properties) if (p !== tProperty) entry.old.add(src(p));
    if (tProperty) {
      entry.lingui = true;
      if (visitScope(scope, ns, tProperty.value.name, tProperty.value) > 0) entry.old.add('t: tApp');
    }
  }
  for (const { statements, lingui, old } of scopes.values()) {
    const lines = [];
    if (lingui) lines.push('const { t } = useLingui();');
    if (old.size > 0) {
      lines.push(`const { ${[...old].join(', ')} } = useTranslation();`);
      keepsOld = true;
    }
    statements.forEach((statement, index) => {
      // The later statements go, with the line they stood on.
      const end =
        index === 0
          ? statement.end
          : statement.end + (text.slice(statement.end).match(/^[ \t]*\n/)?.[0].length ?? 0);
      const start = index === 0 ? statement.start : text.lastIndexOf('\n', statement.start) + 1;
      edits.push({ start, end, text: index === 0 ? lines.join('\n') : '' });
    });
  }
  if (edits.length === 0) return false;

  // Other `useTranslation(...)` calls in the file keep the import.
  const otherOld = [...text.matchAll(/useTranslation\(([^)]*)\)/g)].some(
    ([, arg]) => !namespaces.some((ns) => arg === `'${ns}'`),
  );
  let out = text;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  const imports = [];
  if (usesLingui || out.includes('useLingui()'))
    imports.push("import { useLingui } from '@lingui/react/macro';");
  if (macros.size > 0) imports.push(`import { ${[...macros].sort().join(', ')} } from '@lingui/core/macro';`);
  if (!keepsOld && !otherOld)
    out = out.replace(/^import \{ useTranslation \} from '[./]+\/i18n\/react';\n/m, '');
  const byNamespace = {};
  for (const entry of imported[file] ?? []) {
    const ns = entry.slice(0, entry.indexOf(':'));
    byNamespace[ns] ??= [];
    byNamespace[ns].push(entry);
  }
  for (const [ns, names] of Object.entries(byNamespace)) {
    const target = path.join(strings[ns].dir, '..', `${folderOf(ns)}-messages`);
    let from = path.relative(path.dirname(file), target).split(path.sep).join('/');
    if (!from.startsWith('.')) from = `./${from}`;
    imports.push(
      `import { ${names
        .map((n) => n.slice(ns.length + 1))
        .sort()
        .join(', ')} } from '${from}';`,
    );
  }
  const firstImport = out.search(/^import /m);
  out = `${out.slice(0, firstImport)}${imports.join('\n')}\n${out.slice(firstImport)}`;
  // A component that also reads the default namespace as `t` now has two: rename the old one by hand.
  if (/const \{ t(,| \}) [^\n]*= useTranslation\(/.test(out) && out.includes('= useLingui()')) {
    report.push(`${path.relative(web, file)}: an old \`t\` beside Lingui's: rename it (e.g. tApp)`);
  }
  writeFileSync(file, out);
  return true;
}

/** PO string: "…" with the format's escapes. */
const poString = (text) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
const unPo = (text) => JSON.parse(text);

/** `--po`: each empty Chinese message of the namespaces' zh.po from their zh.json, in ICU form. */
function fillPo() {
  for (const ns of namespaces) {
    const { dir } = strings[ns];
    const enPo = readFileSync(path.join(dir, 'en.po'), 'utf8');
    const english = new Map(
      [...enPo.matchAll(/^msgid "(.*)"\nmsgstr (".*")$/gm)].map(([, id, str]) => [id, unPo(str)]),
    );
    const zhPath = path.join(dir, 'zh.po');
    let missing = 0;
    const out = readFileSync(zhPath, 'utf8').replace(/^msgid "(.*)"\nmsgstr ""$/gm, (whole, id) => {
      // A screen of one feature may show another namespace's strings: each id names its namespace.
      const owner = id.slice(0, id.indexOf('.'));
      if (!strings[owner]) return whole;
      const { zh } = strings[owner];
      const key = id.slice(owner.length + 1);
      const icu = (text, inPlural) =>
        text.replace(PLACEHOLDER, (_, name) => (inPlural && name === 'count' ? '#' : `{${name}}`));
      let value;
      if (zh.has(key)) value = icu(zh.get(key), false);
      else {
        const forms = [...zh.keys()].filter((k) => k.startsWith(`${key}_`));
        const variable = /^\{(\w+), plural,/.exec(english.get(id) ?? '')?.[1];
        if (forms.length > 0 && variable) {
          value = `{${variable}, plural, ${forms.map((k) => `${k.slice(key.length + 1)} {${icu(zh.get(k), true)}}`).join(' ')}}`;
        }
      }
      if (value === undefined) {
        missing++;
        console.log(`no Chinese for ${id}`);
        return whole;
      }
      return `msgid "${id}"\nmsgstr ${poString(value)}`;
    });
    writeFileSync(zhPath, out);
    console.log(`${ns}: zh.po filled${missing ? `, ${missing} missing` : ''}`);
  }
}

if (poMode) {
  fillPo();
  process.exit(0);
}

const changed = files(src).filter(
  (file) => !file.includes(`${path.sep}i18n${path.sep}`) && convertFile(file),
);
console.log(
  `converted ${changed.length} files:\n  ${changed.map((f) => path.relative(web, f)).join('\n  ')}`,
);
for (const [ns, maps] of Object.entries(generated)) {
  const file = path.join(strings[ns].dir, '..', `${folderOf(ns)}-messages.ts`);
  const body = [...maps.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, { prefix, suffix, names }]) => {
      const entries = names.map(
        (n) =>
          `  ${n}: msg({ id: '${ns}.${prefix}${n}${suffix}', message: ${quote(strings[ns].en.get(`${prefix}${n}${suffix}`))} }),`,
      );
      return `export const ${name}: Record<string, MessageDescriptor> = {\n${entries.join('\n')}\n};\n`;
    });
  const head = `import type { MessageDescriptor } from '@lingui/core';\nimport { msg } from '@lingui/core/macro';\n\n// The ${ns} texts whose key is chosen at run time, read with a screen's Lingui \`t\`: \`t(messageFor(MAP, key))\`.\n\n`;
  let existing = '';
  try {
    existing = readFileSync(file, 'utf8');
  } catch {}
  writeFileSync(file, existing ? `${existing}\n${body.join('\n')}` : `${head}${body.join('\n')}`);
  console.log(`wrote ${[...maps.keys()].length} maps to ${path.relative(web, file)}`);
}
if (report.length > 0) console.log(`\nto do by hand:\n  ${report.join('\n  ')}`);
