import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Tracer } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { RequestHandler } from 'express';
import { routeTemplateOf } from '../http/request-context';

export interface TracingOptions {
  readonly exporter: SpanExporter;
  readonly serviceName?: string;
  /** Export each span as it ends (tests); by default spans go out in batches. */
  readonly immediate?: boolean;
}

/**
 * Optional OpenTelemetry traces: one server span per request, named by its method and route
 * template, child of the caller's W3C `traceparent` when one came. Off unless an OTLP endpoint is
 * configured (`OTEL_EXPORTER_OTLP_ENDPOINT` or `..._TRACES_ENDPOINT`); no instrumentation of
 * libraries, so what a span holds is exactly what this file puts in it: no path, header or body.
 */
export class Tracing {
  private readonly provider: BasicTracerProvider;
  private readonly tracer: Tracer;

  constructor(options: TracingOptions) {
    const processor = options.immediate ? new SimpleSpanProcessor(options.exporter) : new BatchSpanProcessor(options.exporter);
    this.provider = new BasicTracerProvider({
      resource: resourceFromAttributes({ 'service.name': options.serviceName ?? 'chat-api' }),
      spanProcessors: [processor],
    });
    this.tracer = this.provider.getTracer('chat-api');
  }

  middleware(): RequestHandler {
    return (req, res, next) => {
      // Parsed once, by the request-id middleware that runs first.
      const parent = res.locals.trace;
      const context = parent
        ? trace.setSpanContext(ROOT_CONTEXT, { traceId: parent.traceId, spanId: parent.parentId, traceFlags: TraceFlags.SAMPLED, isRemote: true })
        : ROOT_CONTEXT;
      const span = this.tracer.startSpan(req.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method } }, context);
      res.once('close', () => {
        const route = routeTemplateOf(req);
        if (route) {
          span.updateName(`${req.method} ${route}`);
          span.setAttribute('http.route', route);
        }
        span.setAttribute('http.response.status_code', res.statusCode);
        if (res.locals.requestId) span.setAttribute('chat.request_id', res.locals.requestId);
        if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      next();
    };
  }

  /** Sends what is buffered and stops (on shutdown). */
  shutdown(): Promise<void> {
    return this.provider.shutdown();
  }
}
