/**
 * The actions on the exploration shown: update it, explore it again, continue from it (a new idea
 * that builds on it), download its research.md, copy it as Markdown.
 */
import type { ExploreBody } from "./api-types.ts";
import { $, el } from "./dom.ts";
import { shownExploration } from "./exploration.ts";
import { announce } from "./messages.ts";
import { submitExplore } from "./submit.ts";

function researchAgain(how: "update" | "force"): void {
  const shown = shownExploration();
  if (!shown) return;
  const body: ExploreBody = { idea: shown.idea };
  if (shown.mode === "business" || shown.mode === "exploration") body.mode = shown.mode;
  body[how] = true;
  const what = how === "update" ? "an update of " : "a new exploration of ";
  submitExplore(body, what + shown.title, "status");
}

function download(): void {
  const shown = shownExploration();
  if (!shown) return;
  const blob = new Blob([shown.markdown], { type: "text/markdown;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = el("a", { href: url, download: `${shown.folder}-research.md` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  announce(`Downloaded ${shown.folder}-research.md`);
}

async function copyMarkdown(): Promise<void> {
  const shown = shownExploration();
  if (!shown) return;
  try {
    await navigator.clipboard.writeText(shown.markdown);
  } catch {
    // Without the Clipboard API (a page not served over https or from localhost): a selection.
    const area = el("textarea", { readonly: true, "aria-hidden": "true", class: "skip" });
    area.value = shown.markdown;
    document.body.append(area);
    area.select();
    const copied = document.execCommand("copy");
    area.remove();
    if (!copied) return announce("Copying was refused by the browser: use Download instead", true);
  }
  announce(`Copied the Markdown of ${shown.title}`);
}

function continueFrom(): void {
  const shown = shownExploration();
  if (!shown) return;
  $<HTMLInputElement>("continue-from").value = shown.folder;
  $<HTMLDetailsElement>("more-options").open = true;
  $("idea").focus();
  announce(`Continuing from ${shown.folder}: write the new idea, then Explore`);
}

$("action-update").addEventListener("click", () => researchAgain("update"));
$("action-force").addEventListener("click", () => researchAgain("force"));
$("action-continue").addEventListener("click", continueFrom);
$("action-download").addEventListener("click", download);
$("action-copy").addEventListener("click", copyMarkdown);
