import { describe, expect, it } from "vitest";
import { NetError } from "./net-error.ts";
import { parsePrivateAllowList } from "./private-allow-list.ts";
import { checkTargetByName } from "./public-target.ts";

/** The check the fetch transport relies on: the URL alone, nothing resolved. */
const refusal = (
  url: string,
  allowPrivate: Parameters<typeof checkTargetByName>[1]["allowPrivate"],
) => {
  try {
    checkTargetByName(url, { allowPrivate });
    return undefined;
  } catch (error) {
    if (!(error instanceof NetError)) throw error;
    return error.kind;
  }
};

describe("checkTargetByName", () => {
  it.each([
    ["https://example.com/page", undefined],
    ["https://8.8.8.8/", undefined],
    ["http://127.0.0.1/", "private_address"],
    ["http://[::ffff:10.0.0.1]/", "private_address"],
    ["http://169.254.169.254/", "metadata_address"],
    ["http://metadata.google.internal/", "metadata_address"],
    ["http://localhost:8080/", "private_address"],
    ["http://api.localhost/", "private_address"],
    ["http://LOCALHOST./", "private_address"],
    ["http://printer/", "private_address"],
    ["http://nas.home.arpa/", "private_address"],
    ["http://wiki.corp/", "private_address"],
    ["http://db.internal/", "private_address"],
    ["ftp://example.com/", "unsupported_scheme"],
  ])("judges %s by its URL alone: %s", (url, kind) => {
    expect(refusal(url, false)).toBe(kind);
  });

  it("lets the operator's private allow list open a listed name or network, and nothing else", () => {
    const list = parsePrivateAllowList("wiki.internal, 10.20.0.0/16");
    expect(refusal("http://wiki.internal/", list)).toBeUndefined();
    expect(refusal("http://10.20.1.2/", list)).toBeUndefined();
    expect(refusal("http://other.internal/", list)).toBe("private_address");
    expect(refusal("http://10.21.0.1/", list)).toBe("private_address");
    expect(refusal("http://169.254.169.254/", true)).toBe("metadata_address");
    expect(refusal("http://localhost/", true)).toBeUndefined();
  });

  it("pins nothing for a name and the literal address for an IP", () => {
    expect(checkTargetByName("https://example.com/", { allowPrivate: false }).addresses).toEqual(
      [],
    );
    expect(checkTargetByName("https://8.8.8.8/", { allowPrivate: false }).addresses).toEqual([
      { address: "8.8.8.8", family: 4 },
    ]);
  });
});
