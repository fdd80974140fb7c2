/** Translation keys are typed from the en bundles: a key missing there fails the type-check. */
import type common from '../../locales/en/common.json';
import type header from '../../locales/en/header.json';
import type layout from '../../locales/en/layout.json';
import type tools from '../../locales/en/tools.json';
import type orderbook from '../../locales/en/orderbook.json';
import type trade from '../../locales/en/trade.json';
import type orders from '../../locales/en/orders.json';
import type chart from '../../locales/en/chart.json';
import type margin from '../../locales/en/margin.json';
import type lt from '../../locales/en/lt.json';
import type notices from '../../locales/en/notices.json';
import type guides from '../../locales/en/guides.json';
import type spread from '../../locales/en/spread.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      header: typeof header;
      tools: typeof tools;
      layout: typeof layout;
      orderbook: typeof orderbook;
      trade: typeof trade;
      orders: typeof orders;
      chart: typeof chart;
      margin: typeof margin;
      lt: typeof lt;
      notices: typeof notices;
      guides: typeof guides;
      spread: typeof spread;
    };
  }
}
