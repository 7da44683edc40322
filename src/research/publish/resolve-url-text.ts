import type { Atom } from "./atom.ts";
import type { SanitizeContext } from "./sanitize-context.ts";
import { nextUrlLike } from "./url-like-text.ts";

/**
 * Joins neighbouring text atoms, as a renderer sees them, and settles every URL-like span in
 * them: an http(s) URL of a retrieved page becomes its citation, anything else is removed and
 * recorded. Removing a span can join what was around it into a new one ("w" + "ww.x.com"), so
 * the text is read again from the start of the word the removal touched until nothing is left.
 */
export function resolveUrlText(atoms: readonly Atom[], ctx: SanitizeContext): Atom[] {
  const out: Atom[] = [];
  let pending = "";
  const flush = () => {
    if (pending) out.push(...resolveText(pending, ctx));
    pending = "";
  };
  for (const atom of atoms) {
    if ("text" in atom) pending += atom.text;
    else {
      flush();
      out.push(atom);
    }
  }
  flush();
  return out;
}

function resolveText(text: string, ctx: SanitizeContext): Atom[] {
  const out: Atom[] = [];
  let rest = text;
  let from = 0;
  for (let found = nextUrlLike(rest, from); found; found = nextUrlLike(rest, from)) {
    const span = rest.slice(found.start, found.end);
    const citation = found.href === undefined ? undefined : ctx.policy.citation(found.href);
    if (citation) {
      out.push({ text: rest.slice(0, found.start) }, { syntax: citation });
      rest = rest.slice(found.end);
      from = 0;
      continue;
    }
    ctx.removals.add(found.kind, span);
    rest = rest.slice(0, found.start) + rest.slice(found.end);
    from = wordStart(rest, found.start);
  }
  out.push({ text: rest });
  return out.filter((atom) => !("text" in atom) || atom.text !== "");
}

/** Where the run of non-space characters holding `at` begins (no URL-like span has a space). */
function wordStart(text: string, at: number): number {
  let i = Math.min(at, text.length);
  while (i > 0 && !/\s/.test(text[i - 1]!)) i--;
  return i;
}
