// service.ts reads the key that signs unsubscribe links from here; the tokens live in @app/digest.
export { resolveUnsubscribeSecret } from '@app/digest';
