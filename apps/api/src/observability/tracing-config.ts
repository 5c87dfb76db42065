import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import type { Config } from '../config';
import { Tracing } from './tracing';

/**
 * Traces are off unless an OTLP/HTTP endpoint is configured, with OpenTelemetry's own variables:
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the full URL, e.g. http://collector:4318/v1/traces) or
 * `OTEL_EXPORTER_OTLP_ENDPOINT` (its base; `/v1/traces` is added). `OTEL_SERVICE_NAME` names the
 * service (default chat-api).
 */
export function tracingFromConfig(config: Config): Tracing | undefined {
  const url =
    config.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (config.OTEL_EXPORTER_OTLP_ENDPOINT ? `${config.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!url) return undefined;
  return new Tracing({ exporter: new OTLPTraceExporter({ url }), ...(config.OTEL_SERVICE_NAME ? { serviceName: config.OTEL_SERVICE_NAME } : {}) });
}
