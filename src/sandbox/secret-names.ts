/**
 * Names that are never read or written, whatever folder they sit in. Compared per segment
 * after case folding, because macOS and Windows disks are case-insensitive: `.ENV` and
 * `.Git/config` are the same files as `.env` and `.git/config` there.
 */
const EXACT_NAMES = new Set([
  ".git",
  ".git-credentials",
  ".gitconfig",
  ".hg",
  ".svn",
  ".ssh",
  ".gnupg",
  ".aws",
  ".azure",
  ".gcloud",
  ".kube",
  ".docker",
  ".npmrc",
  ".yarnrc",
  ".yarnrc.yml",
  ".pypirc",
  ".netrc",
  "_netrc",
  ".pgpass",
  ".htpasswd",
  ".terraformrc",
  "credentials.json",
  "secrets.json",
  "service-account.json",
]);

const PREFIXES = [".env", "id_"];

const SUFFIXES = [
  ".pem",
  ".key",
  ".p12",
  ".pfx",
  ".jks",
  ".keystore",
  ".kdbx",
  ".tfstate",
  ".tfvars",
];

/**
 * Case folding plus compatibility normalization (so `ſ` and full-width letters compare as their
 * plain forms), with the trailing dots and spaces Windows ignores and any `:stream` suffix
 * (NTFS alternate data streams) cut off.
 */
export function foldName(segment: string): string {
  let folded = segment.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC");
  const stream = folded.indexOf(":");
  if (stream > 0) folded = folded.slice(0, stream);
  return folded.replace(/[. ]+$/u, "");
}

/** True when a single path segment names a secret or version-control entry. */
export function isSecretName(segment: string): boolean {
  const name = foldName(segment);
  if (EXACT_NAMES.has(name)) return true;
  if (PREFIXES.some((prefix) => name.startsWith(prefix))) return true;
  return SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/** True when a segment is a dot-entry (`.git`, `.github`, `.vscode`, `.claude`, `.env`, ...). */
export function isDotName(segment: string): boolean {
  return segment.normalize("NFKC").startsWith(".");
}
