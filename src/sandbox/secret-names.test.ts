import { describe, expect, it } from "vitest";
import { foldName, isDotName, isSecretName } from "./secret-names.ts";

describe("isSecretName", () => {
  it.each([
    ".env",
    ".ENV",
    ".Env.Local",
    ".env.production",
    ".env.",
    ".env ",
    ".env::$DATA",
    ".git",
    ".GIT",
    ".Git",
    ".git.",
    ".ssh",
    ".SSH",
    ".npmrc",
    ".NpmRc",
    ".netrc",
    ".aws",
    "id_rsa",
    "ID_RSA",
    "id_ed25519.pub",
    "x.pem",
    "server.PEM",
    "tls.key",
    "store.p12",
    "terraform.tfstate",
    "\uff0eenv",
    ".\uff25NV",
    "ſecrets.json",
  ])("denies %j", (name) => {
    expect(isSecretName(name)).toBe(true);
  });

  it.each(["README.md", "env.ts", "environment.md", "gitignore", "pem.md", "ssh.md", "idea.md"])(
    "allows %j",
    (name) => {
      expect(isSecretName(name)).toBe(false);
    },
  );

  it("folds compatibility forms and case the way case-insensitive disks compare", () => {
    expect(foldName("ſ")).toBe("s");
    expect(foldName(".ENV.")).toBe(".env");
  });
});

describe("isDotName", () => {
  it.each([".github", ".vscode", ".claude", ".cursor", ".x", "\uff0egit"])(
    "%j is a dot-name",
    (n) => {
      expect(isDotName(n)).toBe(true);
    },
  );
  it("a name with an inner dot is not", () => {
    expect(isDotName("a.md")).toBe(false);
  });
});
