/**
 * react-router's BrowserRouter, except that its location follows the path only. A change of the
 * query alone (a listing's sort or filter, a chosen finish, back and forward between them) goes
 * to the query's readers instead (useQueryParams): under a new router location every block
 * rendered again, and React dropped the server HTML of each deferred block still waiting for its
 * code (a context change reaching a dehydrated Suspense boundary), which then loaded at once.
 *
 * UNSAFE_createBrowserHistory is the history BrowserRouter itself creates; react-router exports
 * no public way to choose which changes reach its location.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { Router, UNSAFE_createBrowserHistory } from 'react-router-dom';
import { queryChanged } from '../ui/use-query-params.ts';

export function PathRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => UNSAFE_createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(
    () =>
      history.listen((next) => {
        setState((now) => (now.location.pathname === next.location.pathname ? now : next));
        queryChanged();
      }),
    [history],
  );
  // Synchronous updates (no transitions): a navigation in a transition would wait for every
  // deferred block still showing its server HTML to hydrate (a footer that loads when scrolled to).
  return (
    <Router location={state.location} navigationType={state.action} navigator={history} useTransitions={false}>
      {children}
    </Router>
  );
}
