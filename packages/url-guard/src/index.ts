// The SSRF rule: which URLs and addresses the product never fetches. The crawler's fetcher applies it
// at every hop; the gateway refuses such URLs before they are stored.
export { isLocalHostname, isPrivateAddress } from './private-address.ts';
export { literalUrlRefusal, resolvesToPrivateAddress, type UrlRefusal } from './url-guard.ts';
