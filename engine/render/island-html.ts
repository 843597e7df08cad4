/**
 * An island's server HTML as the browser hydrates it: a React root of its own, the same tree as
 * the browser's (render/island-root.tsx), so ids from `useId` and every attribute match its first
 * browser render. The ids of each island carry its wrapper id (`identifierPrefix`): unique on
 * the page. The server's page render hands the renderer down (render-html.tsx); the browser has
 * none (no server code in its bundle).
 */
import { createContext, type ReactElement } from 'react';

/** Renders the island's tree (an IslandRoot) to HTML with its ids' prefix. */
export type IslandHtmlRenderer = (tree: ReactElement, identifierPrefix: string) => string;

export const IslandHtmlContext = createContext<IslandHtmlRenderer | null>(null);

/** The prefix of the ids `useId` gives inside the island of this wrapper id. */
export const islandIdPrefix = (islandId: string) => `${islandId}-`;
