import { MAX_RESEARCH_PATH_LENGTH, validateResearchPath } from "../../tools/research-path.ts";

const RESEARCH_FILE = "/research.md";
const MAX_FOLDER_LENGTH = MAX_RESEARCH_PATH_LENGTH - RESEARCH_FILE.length;

export type FolderNameCheck = { ok: true; folder: string } | { ok: false; message: string };

const refuse = (message: string): FolderNameCheck => ({ ok: false, message: `folder: ${message}` });

/**
 * A folder name as a client names one exploration: exactly one folder directly under ideas/.
 * Checked before anything is read. Every refusal is one line naming its rule, and never echoes
 * the input (it may hold anything). The name arrives percent-decoded once, so a "%" left in it
 * is a second encoding ("%252e") and is refused too rather than decoded again.
 */
export function checkFolderName(input: string): FolderNameCheck {
  if (input === "") return refuse("is empty: give a folder name under ideas/");
  if (/[\x00-\x1f\x7f]/.test(input)) return refuse("contains a control character or a NUL byte");
  if (input.includes("%")) return refuse("contains '%': percent-encode a name once, not twice");
  if (input.includes("..")) return refuse("contains '..': only folders under ideas/ are served");
  if (input.includes("/"))
    return refuse("contains '/': give one folder name directly under ideas/");
  if (input.includes("\\"))
    return refuse("contains a backslash: give one folder name under ideas/");
  if (input.startsWith(".")) return refuse("starts with '.': hidden folders are not served");
  // The same allowlist read_research applies, so the API serves what the agent may read.
  if (input.length > MAX_FOLDER_LENGTH) {
    return refuse(`is longer than ${MAX_FOLDER_LENGTH} characters`);
  }
  if (!validateResearchPath(`${input}${RESEARCH_FILE}`).ok) {
    return refuse(
      "may only contain letters, digits, '_', '.' and '-', and must start with a letter or digit",
    );
  }
  return { ok: true, folder: input };
}
