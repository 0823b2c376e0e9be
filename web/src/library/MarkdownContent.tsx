import { api } from '../api/routes';
import { ImageOff } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { ApiError, call } from '../api/client';
import {
  createStagger,
  imageFailureText,
  imageIdOf,
  linkBareImageReferences,
} from './markdownImages';

/** Spec section 7: image links are requested 100 ms apart. */
const IMAGE_REQUEST_GAP_MS = 100;

/**
 * The SOP markdown: headings (levels 4 to 6 look like level 3), bold, italic, lists, tables,
 * and the extracted images. Raw HTML in the markdown is shown as text, never run.
 */
export function MarkdownContent({
  documentId,
  markdown,
  images = 'library',
}: {
  documentId: number;
  markdown: string;
  /** Whose route signs the image links: the library's (staff) or the reader's own SOPs. */
  images?: ImageSource;
}) {
  const source = useMemo(() => linkBareImageReferences(markdown), [markdown]);
  const components = useMemo<Components>(() => {
    const wait = createStagger(IMAGE_REQUEST_GAP_MS);
    const h3 = 'mt-4 mb-2 text-base font-semibold';
    return {
      h1: ({ children }) => <h1 className="mt-6 mb-3 text-2xl font-bold first:mt-0">{children}</h1>,
      h2: ({ children }) => (
        <h2 className="mt-5 mb-2 text-xl font-semibold first:mt-0">{children}</h2>
      ),
      h3: ({ children }) => <h3 className={h3}>{children}</h3>,
      h4: ({ children }) => <h4 className={h3}>{children}</h4>,
      h5: ({ children }) => <h5 className={h3}>{children}</h5>,
      h6: ({ children }) => <h6 className={h3}>{children}</h6>,
      p: ({ children }) => <p className="my-2 leading-relaxed">{children}</p>,
      strong: ({ children }) => <strong className="font-semibold">{children}</strong>,
      em: ({ children }) => <em className="italic">{children}</em>,
      ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-6">{children}</ul>,
      ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-6">{children}</ol>,
      blockquote: ({ children }) => (
        <blockquote className="my-2 border-l-4 border-slate-300 pl-3 text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {children}
        </blockquote>
      ),
      code: ({ children }) => (
        <code className="rounded bg-slate-100 px-1 font-mono text-sm dark:bg-slate-800">
          {children}
        </code>
      ),
      pre: ({ children }) => (
        <pre className="my-2 overflow-x-auto rounded bg-slate-100 p-3 dark:bg-slate-800">
          {children}
        </pre>
      ),
      table: ({ children }) => (
        <div className="my-3 overflow-x-auto">
          <table className="min-w-full border-collapse text-sm">{children}</table>
        </div>
      ),
      th: ({ children }) => (
        <th className="border border-slate-300 bg-slate-50 px-2 py-1 text-left font-semibold dark:border-slate-700 dark:bg-slate-900">
          {children}
        </th>
      ),
      td: ({ children }) => (
        <td className="border border-slate-300 px-2 py-1 align-top dark:border-slate-700">
          {children}
        </td>
      ),
      a: ({ children, href }) => (
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="text-blue-600 hover:underline dark:text-blue-400"
        >
          {children}
        </a>
      ),
      img: ({ src, alt }) => {
        const reference = typeof src === 'string' ? src : '';
        const imageId = imageIdOf(reference);
        // Only the document's own images are loaded; nothing is fetched from elsewhere.
        if (!imageId) return <span className="text-slate-500">{alt}</span>;
        return (
          <DocumentImage
            documentId={documentId}
            imageId={imageId}
            reference={reference.split('/').pop() ?? reference}
            alt={alt ?? ''}
            wait={wait}
            source={images}
          />
        );
      },
    };
  }, [documentId, images]);

  return (
    <article data-testid="document-content" className="text-sm text-slate-800 dark:text-slate-200">
      <Markdown remarkPlugins={[remarkGfm]} components={components}>
        {source}
      </Markdown>
    </article>
  );
}

type ImageSource = 'library' | 'mine';
const IMAGE_ROUTES = { library: api.documentImage, mine: api.mySopImage } as const;

interface DocumentImageProps {
  source: ImageSource;
  documentId: number;
  imageId: string;
  /** As written in the markdown, e.g. 'img-3.png' (used in the failure text). */
  reference: string;
  alt: string;
  wait: () => Promise<void>;
}

type ImageState = { src: string } | { failure: string } | null;

/** An extracted image: its signed link is asked for once it nears the screen, then lazily loaded. */
function DocumentImage({ source, documentId, imageId, reference, alt, wait }: DocumentImageProps) {
  const holder = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(false);
  const [state, setState] = useState<ImageState>(null);

  useEffect(() => {
    const element = holder.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    void (async () => {
      await wait();
      if (cancelled) return;
      try {
        const { presignedUrl } = await call(IMAGE_ROUTES[source], {
          params: { id: documentId, imgId: imageId },
        });
        if (!cancelled) setState({ src: presignedUrl });
      } catch (error) {
        if (!cancelled)
          setState({ failure: imageFailureText(reference, !(error instanceof ApiError)) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [near, wait, source, documentId, imageId, reference]);

  if (state && 'src' in state) {
    return (
      <img
        src={state.src}
        alt={alt || reference}
        loading="lazy"
        data-testid="document-image"
        onError={() => setState({ failure: imageFailureText(reference, false) })}
        className="my-2 inline-block max-h-[480px] max-w-full rounded border border-slate-200 dark:border-slate-800"
      />
    );
  }
  if (state && 'failure' in state) {
    return (
      <span
        role="img"
        aria-label={state.failure}
        data-testid="document-image-failed"
        className="my-2 inline-flex items-center gap-2 rounded border border-dashed border-slate-300 px-3 py-2 text-xs text-slate-500 dark:border-slate-700"
      >
        <ImageOff aria-hidden className="size-4" />
        {state.failure}
      </span>
    );
  }
  return (
    <span
      ref={holder}
      aria-label={alt || reference}
      className="my-2 inline-block h-32 w-48 animate-pulse rounded bg-slate-100 dark:bg-slate-800"
    />
  );
}
