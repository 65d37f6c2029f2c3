import { useEffect } from 'react';

type PageMeta = {
  description?: string;
  /** schema.org objects, rendered as one application/ld+json script. */
  structuredData?: object | object[];
  canonicalPath?: string;
};

function setMeta(attr: 'name' | 'property', key: string, content: string) {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attr, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
}

/** Description, Open Graph and structured data for search engines on public pages. */
export function usePageMeta({ description, structuredData, canonicalPath }: PageMeta, title?: string) {
  const json = structuredData ? JSON.stringify(structuredData) : '';
  useEffect(() => {
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
    }
    if (title) setMeta('property', 'og:title', title);
    setMeta('property', 'og:type', 'website');
    if (canonicalPath) setMeta('property', 'og:url', `${window.location.origin}${canonicalPath}`);
    if (!json) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.dataset.pageMeta = 'true';
    script.textContent = json;
    document.head.appendChild(script);
    return () => script.remove();
  }, [description, json, title, canonicalPath]);
}
