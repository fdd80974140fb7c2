import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './app/i18n';
import { rememberLocale, resolvePage } from './session/navigation';
import { isRtl } from './session/routes';
import { readStoredJson } from './session/storage';
import { applyTheme } from './app/theme';
import { isTheme } from './canvas/tokens';
import { MOBILE_QUERY } from './session/viewport';
import './app/global.css';

/** Longest wait for the first translations before painting anyway (text fills in when they arrive). */
const I18N_WAIT_MS = 3000;

async function boot(): Promise<void> {
  const { route, path } = resolvePage(location.pathname);
  if (path !== location.pathname) history.replaceState(null, '', path + location.search + location.hash);
  rememberLocale(route.locale);
  document.documentElement.lang = route.locale;
  document.documentElement.dir = isRtl(route.locale) ? 'rtl' : 'ltr';
  // Colours before the first paint (the Shell keeps them in sync afterwards).
  const stored = readStoredJson('theme');
  applyTheme(route.kind === 'lt' ? 'light' : isTheme(stored) ? stored : 'dark');
  const mobile = window.matchMedia(MOBILE_QUERY).matches;
  await Promise.race([initI18n(route.locale), new Promise((r) => setTimeout(r, I18N_WAIT_MS))]);
  const root = document.getElementById('root');
  if (root === null) throw new Error('index.html has no #root');
  // The first render as a transition: React then renders in slices of a few milliseconds and lets the browser in
  // between (input, the skeleton's frames), instead of one task of 300-600 ms on a slow phone (4x CPU). The commit that swaps
  // the skeleton for the page is still one step, so nothing shows half-built.
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App route={route} mobile={mobile} />
      </StrictMode>,
    );
  });
}

void boot();
