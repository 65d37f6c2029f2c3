import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers. The CSP fits the Vite-built SPA: its own scripts only, inline styles because
 * Mantine injects <style> tags at run time, images from anywhere over https (avatars, feed art).
 */
export default fp(
  async (app) => {
    const isProduction = app.config.NODE_ENV === 'production';
    await app.register(helmet, {
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
    // API answers carry tokens and personal data: no browser or proxy keeps a copy unless a route says so
    // (the podcast audio and the digest page set their own).
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'helmet' },
);
