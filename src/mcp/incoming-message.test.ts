import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkIncomingMessage } from "./incoming-message.ts";

const inputs = { add: z.strictObject({ a: z.number(), b: z.number() }) };
const check = (line: string) =>
  checkIncomingMessage(line, (name) => (name === "add" ? inputs.add : undefined));

describe("checkIncomingMessage", () => {
  it("passes a valid request, notification and response to the SDK as they are", () => {
    for (const message of [
      { jsonrpc: "2.0", id: 1, method: "tools/list" },
      {
        jsonrpc: "2.0",
        id: "c",
        method: "tools/call",
        params: { name: "add", arguments: { a: 1, b: 2 } },
      },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 7, result: {} },
      { jsonrpc: "2.0", id: 8, error: { code: -1, message: "no" } },
    ]) {
      expect(check(JSON.stringify(message))).toEqual({ ok: true, message });
    }
  });

  it("leaves unknown methods and tools to the SDK (method not found, tool not found)", () => {
    expect(check('{"jsonrpc":"2.0","id":1,"method":"nope/nope","params":{"x":1}}').ok).toBe(true);
    const call = { name: "subtract", arguments: { a: "1" } };
    expect(
      check(JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/call", params: call })).ok,
    ).toBe(true);
  });

  it("refuses members JSON-RPC does not have, which the SDK would drop without a word", () => {
    expect(check('{"jsonrpc":"2.0","id":1,"method":"ping","extra":true}')).toMatchObject({
      reply: { id: 1, error: { code: -32600, message: 'invalid request: unknown member "extra"' } },
    });
  });

  it("names each tool argument that does not fit, in one line", () => {
    const call = { name: "add", arguments: { a: "1", c: 3 } };
    expect(
      check(JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/call", params: call })),
    ).toMatchObject({
      reply: {
        id: 3,
        error: {
          code: -32602,
          message:
            'invalid arguments for add: a: must be a number; b: must be a number; unknown field "c"',
        },
      },
    });
  });

  it("answers no malformed response or notification params (JSON-RPC answers neither), but says why", () => {
    expect(check('{"jsonrpc":"2.0","id":7,"result":"yes"}')).toEqual({
      ok: false,
      problem: expect.stringMatching(/^invalid response: /),
    });
    expect(
      check('{"jsonrpc":"2.0","method":"notifications/progress","params":{"_meta":5}}'),
    ).toEqual({
      ok: false,
      problem: expect.stringMatching(/^invalid params for notifications\/progress: _meta: /),
    });
  });
});
