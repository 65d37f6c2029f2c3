import helmet from 'helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP fits the Vite-built SPA: its own scripts only, inline styles because
 * Mantine injects <style> tags at run time, images from anywhere over https (avatars, feed art).
 *
 * helmet's middleware is built once and run on every request. (The @fastify/helmet wrapper builds it
 * anew per request, which cost about a sixth of the gateway's CPU on a light route; no route here
 * uses per-route options or CSP nonces, the only reasons for that.)
 */
export default fp(
  async (app) => {
    const isProduction = app.config.NODE_ENV === 'production';
    const applyHeaders = helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          mediaSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // Forcing https on a plain-http dev server would break every asset.
          upgradeInsecureRequests: isProduction ? [] : null,
        },
      },
      // The OAuth round trip navigates away and back; 'same-origin' would drop the opener context needlessly.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      // Never framed (clickjacking): the legacy header says what frame-ancestors 'none' says.
      frameguard: { action: 'deny' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      // helmet throws on a bad configuration rather than passing an error on; it only sets headers.
      applyHeaders(request.raw, reply.raw, () => done());
    });
    // API answers carry tokens and personal data: no browser or proxy keeps a copy unless the answer says
    // so itself (static files, index.html, the podcast audio and the digest page set their own). The
    // default covers every answer, so no spelling of a path can step around it.
    app.addHook('onSend', async (_request, reply) => {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'helmet' },
);
