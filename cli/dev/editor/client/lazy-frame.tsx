/**
 * A preview frame put in the page only once its box is in view (and kept after): every frame
 * runs a copy of the preview app on the page's one main thread, so a gallery that loaded them
 * all at once (or within Chromium's generous `loading="lazy"` distance) took most of a minute.
 */
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';

export function LazyFrame({
  title,
  src,
  className,
  style,
  frameStyle,
  inert,
}: {
  title: string;
  src: string;
  className: string;
  style?: CSSProperties;
  frameStyle?: CSSProperties;
  inert?: boolean;
}): ReactNode {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el || shown) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setShown(true);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [shown]);
  return (
    <div ref={box} className={className} style={style} inert={inert}>
      {shown && <iframe title={title} src={src} style={frameStyle} />}
    </div>
  );
}
