import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHubWant } from '../hub/useHubWant';
import { BlockLoadFailed } from '../ui/BlockLoadFailed';
import { DocumentTitle } from './DocumentTitle';
import { GlobalSettingsBar } from './GlobalSettingsBar';
import { setLanguage } from './i18n';
import { LtPage } from './LtPage';
import { MobilePage } from './MobilePage';
import { syncRouteFromLocationAtom } from '../session/navigation';
import { PairNotFound } from './PairNotFound';
import { isRtl } from '../session/routes';
import { SpotPage } from './SpotPage';
import { openingAtom, pairLookupAtom, routeAtom, themeAtom } from '../session/state';
import { ToastHost } from '../ui/toasts/ToastHost';
import { UtaUpgrade } from '../features/uta-upgrade/UtaUpgrade';
import { LtNoticeHost } from '../features/lt-trade/LtNoticeHost';
import { NoticeHost } from '../features/notices/NoticeHost';
import { applyTheme } from './theme';
import { useSessionUser } from '../session/useSessionUser';
import { useSymbolOpening } from './useSymbolOpening';
import { useViewportReload } from './useViewportReload';
import { preferencesLoadedAtom } from '../session/account';

/** The routed page with everything page-wide: theme, language and direction, title, session, symbol opening. */
export function Shell({ mobile }: { readonly mobile: boolean }): React.JSX.Element {
  const { t } = useTranslation('common');
  const route = useAtomValue(routeAtom);
  const theme = useAtomValue(themeAtom);
  const lookup = useAtomValue(pairLookupAtom);
  const opening = useAtomValue(openingAtom);
  const prefsLoaded = useAtomValue(preferencesLoadedAtom);
  const syncRoute = useSetAtom(syncRouteFromLocationAtom);
  const symbol = lookup.kind === 'found' ? lookup.symbol : null;
  const isSpot = route.kind === 'spot';
  const pair = `${route.base}/${route.quote}`;

  useSessionUser();
  useViewportReload(mobile);
  useSymbolOpening(isSpot && symbol !== null ? symbol.symbolId : null);
  useHubWant({ symbol: isSpot && symbol !== null ? symbol.symbol : null });

  useLayoutEffect(() => {
    applyTheme(route.kind === 'lt' ? 'light' : theme);
  }, [route.kind, theme]);

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.lang = route.locale;
    root.dir = isRtl(route.locale) ? 'rtl' : 'ltr';
    void setLanguage(route.locale);
  }, [route.locale]);

  useEffect(() => {
    const onPop = (): void => {
      syncRoute();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      window.removeEventListener('popstate', onPop);
    };
  }, [syncRoute]);

  let body: React.JSX.Element;
  if (route.kind === 'lt') body = <LtPage route={route} />;
  else if (lookup.kind === 'found') {
    body = mobile ? (
      <MobilePage symbol={lookup.symbol} locale={route.locale} />
    ) : (
      <SpotPage symbol={lookup.symbol} locale={route.locale} />
    );
  } else if (lookup.kind === 'missing') {
    body = <PairNotFound base={route.base} quote={route.quote} locale={route.locale} />;
  } else {
    body = (
      <div className="page page-loading">
        <GlobalSettingsBar layout={false} />
        <main className="missing-main">
          <h1 className="pair">
            <bdi>{pair}</bdi>
          </h1>
          {lookup.kind === 'error' ? (
            <BlockLoadFailed mode="reload" />
          ) : (
            <p className="muted">{t('pair.loading')}</p>
          )}
        </main>
      </div>
    );
  }

  return (
    <div
      className="shell"
      data-testid="trade-page"
      data-pair={`${route.base}${route.quote}`}
      data-state={lookup.kind}
      data-opening={opening.kind}
      data-layout={mobile ? 'mobile' : 'desktop'}
      data-prefs={prefsLoaded ? 'loaded' : 'none'}
    >
      {route.kind === 'spot' && <DocumentTitle pair={pair} symbol={symbol} locale={route.locale} />}
      {body}
      {route.kind === 'spot' && <UtaUpgrade />}
      <ToastHost />
      <LtNoticeHost />
      <NoticeHost />
    </div>
  );
}
