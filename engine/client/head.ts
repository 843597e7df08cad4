/** Applies a page's head to the live document after a client-side navigation. */
import { serializeJsonLd } from '../head/json-ld.ts';
import type { HeadData } from '../types.ts';

function setMeta(name: string, content: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.name = name;
    el.dataset.jv = '';
    document.head.appendChild(el);
  }
  el.content = content;
}

export function applyHead(head: HeadData) {
  document.title = head.title;
  setMeta('description', head.description);
  document.head.querySelectorAll('[data-jv]').forEach((el) => el.remove());
  for (const m of head.meta) setMeta(m.name, m.content);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = head.canonical;
  document.head.querySelectorAll('script[type="application/ld+json"]').forEach((el) => el.remove());
  for (const ld of head.jsonLd) {
    const s = document.createElement('script');
    s.type = 'application/ld+json';
    s.textContent = serializeJsonLd(ld);
    document.head.appendChild(s);
  }
}
