import { describe, expect, it } from "vitest";
import { startTracingFromEnv, tracingRequested } from "./start-tracing.ts";

const ENDPOINT = "http://127.0.0.1:4318";

describe("tracingRequested: the standard OpenTelemetry variables decide", () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "" }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "  " }, false],
    [{ OTEL_RECORD_CONTENT: "1" }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${ENDPOINT}/v1/traces` }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_SDK_DISABLED: "true" }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_SDK_DISABLED: "false" }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_TRACES_EXPORTER: "none" }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_TRACES_EXPORTER: "console, otlp" }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: ENDPOINT, OTEL_TRACES_EXPORTER: "" }, true],
  ])("%j → %s", (env, expected) => {
    expect(tracingRequested(env)).toBe(expected);
  });

  it("starts nothing, and asks for no version, when not requested", async () => {
    const tracing = await startTracingFromEnv(
      { OTEL_RECORD_CONTENT: "1" },
      {
        serviceVersion: () => Promise.reject(new Error("not asked")),
        warn: (line) => {
          throw new Error(line);
        },
      },
    );
    expect(tracing).toBeUndefined();
  });
});
