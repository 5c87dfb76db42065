import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';
import { loadConfig } from '../src/config';
import { Tracing } from '../src/observability/tracing';
import { tracingFromConfig } from '../src/observability/tracing-config';
import { buildTestApp } from './test-app';

describe('OpenTelemetry traces (optional; off unless an OTLP endpoint is configured)', () => {
  it('sends one server span per request to the exporter: method and route template, status, request id; child of a traceparent', async () => {
    const exporter = new InMemorySpanExporter();
    const tracing = new Tracing({ exporter, immediate: true });
    const t = await buildTestApp({}, { tracing });
    const alice = await t.register('alice');
    const server = await t.createServer(alice);
    exporter.reset();

    await t.http().get(`/api/servers/${server.id}`).set('Authorization', alice.token).set('X-Request-Id', 'traced-1')
      .set('traceparent', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');
    await t.http().get('/api/servers/999999').set('Authorization', alice.token);
    await t.http().get('/no/such/path');
    await new Promise((resolve) => setImmediate(resolve));

    const spans = exporter.getFinishedSpans();
    expect(spans.map((span) => span.name)).toEqual(['GET /api/servers/:serverId', 'GET /api/servers/:serverId', 'GET']);
    const [traced, untraced, unmatched] = spans;
    expect(traced!.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(traced!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(traced!.attributes).toEqual({
      'http.request.method': 'GET',
      'http.route': '/api/servers/:serverId',
      'http.response.status_code': 200,
      'chat.request_id': 'traced-1',
    });
    expect(untraced!.spanContext().traceId).not.toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(untraced!.attributes['http.response.status_code']).toBe(404);
    expect(unmatched!.attributes).not.toHaveProperty('http.route');
    expect(spans.every((span) => span.resource.attributes['service.name'] === 'chat-api')).toBe(true);
    // Nothing of the path's values, headers or bodies: the id in the URL is in no attribute.
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain(server.id);
    await tracing.shutdown();
  });

  it('is off without an OTLP endpoint, and on with one', () => {
    expect(tracingFromConfig(loadConfig({}))).toBeUndefined();
    const on = tracingFromConfig(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }));
    expect(on).toBeInstanceOf(Tracing);
    void on?.shutdown();
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT must be a URL/);
  });
});
