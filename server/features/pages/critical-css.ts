// The part of the build's stylesheet a rendered page uses (issue 15): the theme, the base styles
// and the utilities whose class is in the page's HTML. Inlined, it lets a phone paint the page
// from its first round trips (the whole stylesheet is 75 KB, 10 KB compressed); the app's pages
// load the whole sheet after it, for the classes React adds later and the pages it goes on to.
//
// Tailwind's output is regular: layers, at-rules that group rules, and style rules whose selector
// starts with the utility's own class (`.hover\:bg-slate-100:hover`, `.group-aria-pressed\:w-8:is(...)`,
// `:where(.space-y-1>:not(:last-child))`). Rules are kept whole; only utilities are filtered.

type Block = { prelude: string; body: Block[] | string | null };

/**
 * From `from`, the index of the first character outside strings and escapes that `stop` accepts
 * (given how deep in braces it is), or the end of `css`.
 */
function scanTo(css: string, from: number, stop: (c: string, depth: number) => boolean): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (stop(c, depth)) return i;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
  }
  return css.length;
}

/** Reads `css` into blocks: `prelude { body }`, or a statement `prelude;` (body null). */
export function parseCss(css: string): Block[] {
  let i = 0;
  const read = (): Block[] => {
    const blocks: Block[] = [];
    while (i < css.length) {
      if (/\s/.test(css[i])) {
        i++;
      } else if (css.startsWith("/*", i)) {
        const close = css.indexOf("*/", i + 2);
        i = close < 0 ? css.length : close + 2;
      } else if (css[i] === "}") {
        i++; // the end of the enclosing block
        return blocks;
      } else {
        const start = i;
        i = scanTo(css, i, (c) => c === "{" || c === ";" || c === "}");
        const prelude = css.slice(start, i).trim();
        if (css[i] !== "{") {
          if (css[i] === ";") i++;
          if (prelude) blocks.push({ prelude, body: null });
        } else if (hasRules(prelude)) {
          i++;
          blocks.push({ prelude, body: read() });
        } else {
          // A style rule's declarations, kept as text (nested rules inside included).
          const open = i + 1;
          i = scanTo(css, open, (c, depth) => c === "}" && depth === 0);
          blocks.push({ prelude, body: css.slice(open, i) });
          i++;
        }
      }
    }
    return blocks;
  };
  return read();
}

/** At-rules whose body holds rules (not declarations). */
function hasRules(prelude: string): boolean {
  return /^@(layer|media|supports|container|scope|starting-style|document)\b/.test(prelude);
}

/** `.hover\:bg-slate-100:hover` → `hover:bg-slate-100`: the first class a selector names, unescaped. */
export function firstClass(selector: string): string | null {
  const match = /\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-])+)/.exec(selector);
  if (!match) return null;
  return match[1].replace(
    /\\([0-9a-fA-F]{1,6})\s?|\\(.)/g,
    (_all, hex: string | undefined, char: string | undefined) =>
      hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : (char ?? ""),
  );
}

/** Every class the HTML's `class` attributes name. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const text = value
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
    for (const name of text.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function print(blocks: Block[]): string {
  return blocks
    .map((block) =>
      block.body === null
        ? `${block.prelude};`
        : `${block.prelude}{${typeof block.body === "string" ? block.body : print(block.body)}}`,
    )
    .join("");
}

/** The rules of `sheet` (parsed once) that the page with these classes needs, as CSS text. */
export function criticalCss(sheet: Block[], classes: Set<string>): string {
  const utilities = (blocks: Block[]): Block[] =>
    blocks.flatMap((block) => {
      if (Array.isArray(block.body)) {
        const inner = utilities(block.body);
        return inner.length > 0 ? [{ ...block, body: inner }] : [];
      }
      if (block.body === null || block.prelude.startsWith("@")) return [block];
      const used = block.prelude.split(",").some((selector) => {
        const name = firstClass(selector);
        return name === null || classes.has(name);
      });
      return used ? [block] : [];
    });
  return print(
    sheet.map((block) =>
      block.prelude === "@layer utilities" && Array.isArray(block.body)
        ? { ...block, body: utilities(block.body) }
        : block,
    ),
  );
}
