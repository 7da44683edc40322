/**
 * OpenTelemetry for real: a tracer provider exporting over OTLP/HTTP (protobuf) with the standard
 * OTEL_EXPORTER_OTLP_* variables, the AI SDK's integration (`@ai-sdk/otel`) for model and tool
 * spans, and the product's own spans (spans.ts) on the same tracer and context, so they nest.
 * Loaded only by start-tracing.ts, only when an endpoint is configured.
 */
import { OpenTelemetry } from "@ai-sdk/otel";
import {
  type Attributes,
  type Context,
  context,
  createContextKey,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { registerTelemetry, type Telemetry } from "ai";
import { installTracer, type SpanAttributes } from "./spans.ts";
import { withoutContent } from "./without-content.ts";

export interface OtlpTracingOptions {
  /** Record prompt and report text (OTEL_RECORD_CONTENT=1); without it, none is recorded. */
  recordContent: boolean;
  serviceVersion: string;
}

export interface OtlpTracing {
  /** Exports what is left and stops tracing; spans after it are plain calls again. */
  shutdown(): Promise<void>;
}

/** Attributes every span in a context carries (the run's job id, fingerprint, mode). */
const INHERITED = createContextKey("idea-explorer inherited span attributes");

export function startOtlpTracing(options: OtlpTracingOptions): OtlpTracing {
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  const resource = resourceFromAttributes({
    "service.name": "idea-explorer",
    "service.version": options.serviceVersion,
  }).merge(detectResources({ detectors: [envDetector] })); // OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES win
  const provider = new TracerProvider({
    resource,
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  trace.setGlobalTracerProvider(provider);
  const tracer = provider.getTracer("idea-explorer", options.serviceVersion);

  const sdkIntegration = new OpenTelemetry({
    tracer,
    // The AI SDK's spans start inside ours (the context is shared): they carry the run's attributes.
    enrichSpan: () => inheritedIn(context.active()),
  });
  const integration: Telemetry = options.recordContent
    ? sdkIntegration
    : withoutContent(sdkIntegration);
  registerTelemetry(integration);

  installTracer({
    recordsContent: options.recordContent,
    inSpan(name, { attributes, inherited }, fn) {
      const parent = context.active();
      const carried = { ...inheritedIn(parent), ...defined(inherited) };
      const span = tracer.startSpan(name, { attributes: { ...carried, ...defined(attributes) } });
      const inside = trace.setSpan(parent.setValue(INHERITED, carried), span);
      return context.with(inside, async () => {
        try {
          return await fn({ setAttributes: (more) => span.setAttributes(defined(more)) });
        } catch (error) {
          // The error's kind and one-line message; no stack, no cause chain.
          const message = error instanceof Error ? error.message : String(error);
          span.setStatus({ code: SpanStatusCode.ERROR, message });
          span.setAttribute("error.type", errorType(error));
          throw error;
        } finally {
          span.end();
        }
      });
    },
  });

  return {
    async shutdown() {
      installTracer(undefined);
      const registered = globalThis.AI_SDK_TELEMETRY_INTEGRATIONS;
      const at = registered?.indexOf(integration) ?? -1;
      if (at >= 0) registered?.splice(at, 1);
      await provider.shutdown();
      trace.disable();
      context.disable();
    },
  };
}

function inheritedIn(ctx: Context): Attributes {
  return (ctx.getValue(INHERITED) as Attributes | undefined) ?? {};
}

function defined(attributes: SpanAttributes | undefined): Attributes {
  const kept: Attributes = {};
  for (const [key, value] of Object.entries(attributes ?? {})) {
    if (value !== undefined) kept[key] = value;
  }
  return kept;
}

function errorType(error: unknown): string {
  if (error !== null && typeof error === "object") {
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string") return code;
    if (error instanceof Error) return error.name;
  }
  return typeof error;
}
