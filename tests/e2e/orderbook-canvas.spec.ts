/**
 * The canvas order book, latest trades and depth chart in Chromium against the simulator: the backend the page chose,
 * layouts 1–4 in both themes at devicePixelRatio 1, 1.5, 2 and 3 (screenshots to look at), right-to-left mirroring
 * (layout 4 in both themes), the trades tab, keyboard rows.
 */
import { expect, test, type Page } from '@playwright/test';
import { pixelsOf } from './support/canvasPixels';
import { loginAs } from './support/orders';
import { openPair, rawKeysOnPage } from './support/shell';

const SHOTS = 'tests/e2e/screenshots';

/**
 * The book panel as a screenshot of its grid item. The item reaches below a 900 px viewport: scroll it into view and
 * let a frame pass first (at devicePixelRatio 1.5 a capture taken while the screenshot's own scroll settles came out
 * shifted by the scroll distance).
 */
async function shootBook(page: Page, name: string): Promise<void> {
  const item = page.locator('[data-grid-item="orderbook"]');
  await item.scrollIntoViewIfNeeded();
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await item.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function bookReady(page: Page): Promise<void> {
  await expect(page.getByTestId('book-canvas')).toHaveAttribute('data-rows', /^[1-9]\d*$/, {
    timeout: 15_000,
  });
}

for (const dpr of [1, 1.5, 2, 3]) {
  test.describe(`at devicePixelRatio ${dpr}`, () => {
    test.use({ deviceScaleFactor: dpr, viewport: { width: 1440, height: 900 } });

    test(`layouts 1-4 in dark and light draw rows on the Canvas2D backend (dpr ${dpr})`, async ({ page }) => {
      await openPair(page, 'en', 'BTC', 'USDT');
      await bookReady(page);
      const canvas = page.getByTestId('book-canvas');
      // Headless Chromium has only a software WebGL: the page picks Canvas2D, painted by a worker, and says so.
      await expect(canvas).toHaveAttribute('data-backend', 'canvas');
      await expect(canvas).toHaveAttribute('data-renderer', 'canvas2d-worker');
      // Crisp at this devicePixelRatio: a device-scale screenshot has exactly CSS size × dpr pixels and hard row
      // edges (a price text pixel next to the background, no half-tone smear over the whole row).
      const shot = await canvas.screenshot();
      const box = await canvas.boundingBox();
      expect(shot.readUInt32BE(16)).toBe(Math.round((box?.width ?? 0) * dpr));
      for (const theme of ['Dark', 'Light'] as const) {
        await page.getByRole('radio', { name: theme }).click();
        for (const layout of [1, 2, 3, 4] as const) {
          await page.getByTestId(`book-layout-${layout}`).click();
          await bookReady(page);
          if (layout === 4) {
            // Side by side: both sides, as many rows each as fit the full height.
            await expect(canvas).not.toHaveAttribute('data-bids', '0');
            await expect(canvas).not.toHaveAttribute('data-asks', '0');
            const bids = Number(await canvas.getAttribute('data-bids'));
            await expect(canvas).toHaveAttribute('data-asks', String(bids));
            expect(bids).toBeGreaterThan(4);
          }
          await page.waitForTimeout(150);
          // The first row under the captions shows a price in a side colour (drawn, not just counted).
          const px = await pixelsOf(canvas);
          let coloured = 0;
          for (let x = 8; x < 140; x++) {
            const [r, g, b] = px.at(x, 24 + 11);
            // By hue, not brightness: the light theme's text colours are dark (#128049, #d63035) for contrast, and
            // at dpr 3 the glyphs are solid, with no lighter anti-aliased edge. The soft depth bars fail both tests.
            if ((g > r + 60 && g > b + 30) || (r > 150 && r > g + 80)) coloured++;
          }
          expect(coloured, `layout ${layout} ${theme}`).toBeGreaterThan(0);
          await shootBook(page, `book-l${layout}-${theme.toLowerCase()}-dpr${dpr}`);
          if (layout === 4 && dpr === 1) {
            // Totals in quote: values in the tens of thousands, abbreviated to fit the half.
            await page.getByTestId('book-total').selectOption('quote');
            await page.waitForTimeout(150);
            await shootBook(page, `book-l4-quote-${theme.toLowerCase()}-dpr1`);
            await page.getByTestId('book-total').selectOption('base');
          }
        }
      }
      expect(await rawKeysOnPage(page)).toEqual([]);
    });
  });
}

test('right to left (ar-SA): the book mirrors its columns; the trades tab shows its captions', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPair(page, 'ar-SA', 'BTC', 'USDT');
  await bookReady(page);
  await page.getByTestId('book-layout-1').click();
  // Price sits at the right edge in RTL: the best bid row's rightmost 80 px hold green text, the leftmost 80 px none.
  const canvas = page.getByTestId('book-canvas');
  const perSide = Number(await canvas.getAttribute('data-bids'));
  const bidY = 24 + perSide * 24 + 32 + 11;
  const px = await pixelsOf(canvas);
  const count = (x0: number): number => {
    let n = 0;
    for (let x = x0; x < x0 + 80; x++) {
      const [r, g] = px.at(x, bidY);
      if (g > 130 && r < 100) n++;
    }
    return n;
  };
  const greens = { right: count(px.width - 81), left: count(0) };
  expect(greens.right).toBeGreaterThan(0);
  expect(greens.left).toBe(0);
  await shootBook(page, 'book-l1-dark-rtl');
  await page.getByTestId('book-layout-4').click();
  await bookReady(page);
  // Side by side mirrored: bids (green prices) in the right half, asks (red) in the left, on the first row.
  const l4 = await pixelsOf(canvas);
  let leftRed = 0;
  let rightGreen = 0;
  for (let x = 0; x < l4.width; x++) {
    const [r, g] = l4.at(x, 24 + 11);
    if (x < l4.width / 2 && r > 180 && g < 120) leftRed++;
    if (x >= l4.width / 2 && g > 130 && r < 100) rightGreen++;
  }
  expect(leftRed).toBeGreaterThan(0);
  expect(rightGreen).toBeGreaterThan(0);
  await shootBook(page, 'book-l4-dark-rtl');
  await page.locator('[data-theme-choice="light"]').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.waitForTimeout(150);
  await shootBook(page, 'book-l4-light-rtl');
  await page.locator('[data-theme-choice="dark"]').click();
  await page.getByTestId('book-tab-trades').click();
  // Drawn (captions, and whatever trades earlier tests made: the hub seeds the list from the recent-trade call).
  await expect(page.getByTestId('trades-canvas')).toHaveAttribute('data-rows', /^\d+$/);
  await shootBook(page, 'trades-dark-rtl');
  expect(await rawKeysOnPage(page)).toEqual([]);
});

test('keyboard: focus the book, arrows walk the rows with the tooltip, Enter fills the price', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  await bookReady(page);
  const canvas = page.getByTestId('book-canvas');
  // The canvas is a focus stop with a name, and describes itself with the spoken best bid and ask.
  await expect(canvas).toHaveAccessibleName('Order book: click a row to use its price');
  await expect(canvas).toHaveAccessibleDescription(/^Best bid [\d,.]+, best ask [\d,.]+$/, {
    timeout: 15_000,
  });
  await canvas.focus();
  await page.keyboard.press('ArrowDown');
  const tip = page.getByTestId('book-tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Avg. price');
  await page.keyboard.press('ArrowDown');
  await expect(tip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('field-price')).not.toHaveValue('', { timeout: 5_000 });
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
});

test('?backend=webgl forces pixi.js on WebGL: the same rows drawn with bitmap text', async ({ page }) => {
  test.slow(); // SwiftShader rasterises WebGL in software here.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/en/trade/spot/BTC/USDT?backend=webgl');
  await bookReady(page);
  const canvas = page.getByTestId('book-canvas');
  await expect(canvas).toHaveAttribute('data-backend', 'webgl');
  await expect(canvas).toHaveAttribute('data-renderer', 'webgl');
  // The nearest ask's price in red and the nearest bid's in green, either side of the spread. Polled: SwiftShader can
  // show a frame or two of the book before every row of it is on screen.
  const sides = async (): Promise<{ red: number; green: number }> => {
    const perSide = Number(await canvas.getAttribute('data-bids'));
    const px = await pixelsOf(canvas);
    let red = 0;
    let green = 0;
    for (let x = 8; x < 80; x++) {
      const [ar, ag] = px.at(x, 24 + (perSide - 1) * 24 + 11);
      const [br, bg] = px.at(x, 24 + perSide * 24 + 32 + 11);
      if (ar > 180 && ag < 120) red++;
      if (bg > 130 && br < 100) green++;
    }
    return { red, green };
  };
  await expect
    .poll(
      async () => {
        const { red, green } = await sides();
        return red > 0 && green > 0;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  await shootBook(page, 'book-l1-dark-webgl');
});
