// The elements' type declarations against the elements themselves: every property and method
// on the prototypes of <loopy-ring> and <loopy-graph> (as the browser defines them: the
// element's class and the base class they share, up to HTMLElement) is declared in the
// element's .d.ts, every observed attribute is named in it, and nothing is declared that the
// element lacks. The .d.ts is read as text: comments and strings are blanked, the class body
// is found by its braces, and each top-level declaration in it gives one name.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { launchBrowser, openPage } from './browser.mjs';
import { blankCommentsAndStrings } from './tools/element-reference.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** What the platform calls on a custom element: not the element's API. */
const LIFECYCLE = new Set(['constructor', 'connectedCallback', 'disconnectedCallback', 'attributeChangedCallback', 'adoptedCallback']);

/**
 * The declarations of class `name` in a .d.ts: `{ members, statics, doc }`, where `members`
 * and `statics` are the names declared in the class body (instance and static; a getter,
 * a method overload or a property each give their name) and `doc` the comment just above
 * the class. Throws on a declaration it cannot read, rather than skip it.
 */
function classDeclarations(source, name) {
  const code = blankCommentsAndStrings(source);
  const head = new RegExp(`\\bclass\\s+${name}\\b[^{]*\\{`).exec(code);
  assert.ok(head, `the .d.ts declares class ${name}`);
  const start = head.index + head[0].length;
  let depth = 0;
  let statement = '';
  const statements = [];
  let k = start;
  for (; k < code.length; k++) {
    const c = code[k];
    if (depth === 0 && c === '}') break;
    if ('({['.includes(c)) depth++;
    if (')}]'.includes(c)) depth--;
    if (depth === 0 && c === ';') {
      statements.push(statement.trim());
      statement = '';
    } else {
      statement += c;
    }
  }
  assert.ok(k < code.length, `the body of class ${name} is closed`);
  assert.equal(statement.trim(), '', `every declaration in class ${name} ends with a semicolon`);
  const members = new Set();
  const statics = new Set();
  for (const s of statements) {
    const m = /^(static\s+)?(?:readonly\s+)?(?:(?:get|set)\s+)?([A-Za-z_$][\w$]*)\s*\??\s*[(:<]/.exec(s);
    assert.ok(m, `a declaration of class ${name} that this test cannot read: ${s.replace(/\s+/g, ' ')}`);
    (m[1] ? statics : members).add(m[2]);
  }
  const before = source.slice(0, head.index);
  const docStart = before.lastIndexOf('/**');
  const docEnd = before.lastIndexOf('*/');
  const between = before.slice(docEnd + 2).trim();
  const doc = docStart >= 0 && docEnd > docStart && /^export$/.test(between) ? before.slice(docStart, docEnd) : '';
  return { members, statics, doc };
}

/**
 * The element's API as the browser defines it, on a page that defines `tag`: the names on
 * its prototype and on every prototype between it and HTMLElement's (the elements share a
 * base class), and the names it inherits from HTMLElement and above.
 */
async function definedApi(path, tag) {
  const { page, context } = await openPage(browser, path);
  try {
    return await page.evaluate(async (tag) => {
      await customElements.whenDefined(tag);
      const cls = customElements.get(tag);
      const names = (from, until) => {
        const all = new Set();
        for (let p = from; p && p !== until; p = Object.getPrototypeOf(p)) {
          for (const n of Object.getOwnPropertyNames(p)) all.add(n);
        }
        return [...all];
      };
      return {
        own: names(cls.prototype, HTMLElement.prototype),
        inherited: names(HTMLElement.prototype, null),
        statics: names(cls, HTMLElement),
        observed: [...(cls.observedAttributes ?? [])],
      };
    }, tag);
  } finally {
    await context.close();
  }
}

/** Asserts that `dts` (the file in www/) declares class `cls` exactly as the element `tag` on page `path` is. */
async function assertDeclared(path, tag, dts, cls, { members = 10, attributes = 5 } = {}) {
  const api = await definedApi(path, tag);
  const declared = classDeclarations(readFileSync(new URL(`../www/${dts}`, import.meta.url), 'utf8'), cls);
  // `_` names are the hooks the shared base class and each element call on one another, not API.
  const publicMembers = api.own.filter((n) => !LIFECYCLE.has(n) && !n.startsWith('_'));
  assert.ok(publicMembers.length > members && api.observed.length > attributes, `the browser lists the API of <${tag}>`);

  const undeclared = publicMembers.filter((n) => !declared.members.has(n));
  assert.deepEqual(undeclared, [], `members of <${tag}> that ${dts} does not declare on ${cls}`);

  // The attributes: each named as a word in the class's comment, where its "Attributes" list is.
  assert.match(declared.doc, /Attributes/, `${dts} lists the attributes above class ${cls}`);
  const unnamed = api.observed.filter((a) => !new RegExp(`(?<![\\w-])${a}(?![\\w-])`).test(declared.doc));
  assert.deepEqual(unnamed, [], `observed attributes of <${tag}> that ${dts} does not name`);

  // The reverse: nothing declared that the element lacks (a typed addEventListener is inherited).
  const have = new Set([...api.own, ...api.inherited]);
  const lacking = [...declared.members].filter((n) => !have.has(n));
  assert.deepEqual(lacking, [], `members ${dts} declares on ${cls} that <${tag}> does not have`);
  const lackingStatic = [...declared.statics].filter((n) => !api.statics.includes(n));
  assert.deepEqual(lackingStatic, [], `static members ${dts} declares on ${cls} that <${tag}>'s class does not have`);
}

test('the .d.ts declares every public member of <loopy-ring> and nothing it lacks', async () => {
  await assertDeclared('./index.html', 'loopy-ring', 'loopy-ring.d.ts', 'LoopyRing');
});

test('the .d.ts declares every public member of <loopy-graph> and nothing it lacks', async () => {
  await assertDeclared('./graph.html', 'loopy-graph', 'loopy-graph.d.ts', 'LoopyGraph');
});

test('the .d.ts declares every public member of <loopy-story> and nothing it lacks', async () => {
  // A small element (no attributes of its own): its four members are its whole API.
  await assertDeclared('./examples/story.html', 'loopy-story', 'loopy-story.d.ts', 'LoopyStory', { members: 3, attributes: -1 });
});

test('the .d.ts reader finds declarations, not words in comments or strings', () => {
  const source = `
/** Attributes: a, b. */
export class X extends HTMLElement {
  static readonly observedAttributes: string[];
  /** not(): a comment; with a semicolon */
  a: string | null;
  get b(): 'x;y' | null;
  readonly c: { d: number; e(): void };
  f<K extends keyof M>(type: K, listener: (ev: M[K]) => unknown): void;
  g?(): void;
}
export class Y { h: number; }`;
  const d = classDeclarations(source, 'X');
  assert.deepEqual([...d.members].sort(), ['a', 'b', 'c', 'f', 'g']);
  assert.deepEqual([...d.statics], ['observedAttributes']);
  assert.match(d.doc, /Attributes: a, b\./);
  assert.throws(() => classDeclarations('export class Z { 1bad: number; }', 'Z'), /cannot read/);
});
