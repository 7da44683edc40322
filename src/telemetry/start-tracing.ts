import type { OtlpTracing } from "./otlp-tracing.ts";

type Env = Readonly<Record<string, string | undefined>>;

const SUPPORTED_PROTOCOL = "http/protobuf";

/**
 * Starts OpenTelemetry tracing when the standard variables ask for it: an OTLP endpoint
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), not switched off by
 * OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none. Otherwise returns undefined having loaded
 * nothing: the OpenTelemetry packages are imported here, on demand, and nowhere else.
 */
export async function startTracingFromEnv(
  env: Env,
  options: { serviceVersion: () => Promise<string>; warn: (line: string) => void },
): Promise<OtlpTracing | undefined> {
  if (!tracingRequested(env)) return undefined;
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
    env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    SUPPORTED_PROTOCOL
  ).trim();
  if (protocol !== SUPPORTED_PROTOCOL) {
    options.warn(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported: traces are sent as ${SUPPORTED_PROTOCOL}`,
    );
  }
  const { startOtlpTracing } = await import("./otlp-tracing.ts");
  return startOtlpTracing({
    recordContent: isOn(env.OTEL_RECORD_CONTENT),
    serviceVersion: await options.serviceVersion(),
  });
}

export function tracingRequested(env: Env): boolean {
  const endpoint = (
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT
  )?.trim();
  if (!endpoint) return false;
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  return !exporters || exporters.split(",").some((name) => name.trim() === "otlp");
}

function isOn(value: string | undefined): boolean {
  return value?.trim() === "1" || value?.trim().toLowerCase() === "true";
}
