// The probe behind legibility.spec.ts, on a page of known colours: it must catch what it is
// there to catch (and so can fail), and pass what meets WCAG.
import { expect, test } from './fixtures/test.ts';
import { probeScreen } from './screens/probe.ts';

const pixel =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

test('the probe measures rendered colours: oklch, transparency, opacity, gradients, images, large text, icons', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.setContent(`
    <body style="margin:0;font:16px sans-serif">
      <button style="background:#fff;color:#fff;border:0">White on white</button>
      <a href="#" style="color:#767676">Grey 4.54</a>
      <a href="#" style="color:#777">Grey 4.48</a>
      <label style="color:oklch(62.8% 0.2577 29.23)">Red in oklch</label>
      <div style="background:rgb(0 0 0 / 0.5)"><a href="#" style="color:#fff">Under half black</a></div>
      <div style="opacity:0.5"><button style="background:#000;color:#fff">Faded</button></div>
      <span data-slot="badge" style="font-size:24px;color:#949494">Large grey</span>
      <span data-slot="badge" style="font-size:19px;font-weight:700;color:#949494">Bold grey</span>
      <span data-slot="badge" style="font-size:19px;color:#949494">Small grey</span>
      <div style="background:linear-gradient(#000,#fff)"><a href="#" style="color:#777">Mid gradient</a></div>
      <div style="background:linear-gradient(#172554,#1e40af)"><a href="#" style="color:#fff">Dark gradient</a></div>
      <div style="background:url(${pixel})"><a href="#">On an image</a></div>
      <button disabled style="color:#eee">Disabled</button>
      <button aria-label="Pale icon" style="color:#ccc;background:#fff;border:0"><svg width="16" height="16"><rect width="16" height="16" fill="currentColor"/></svg></button>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"><a href="#" style="color:#fff">Screen readers only</a></span>
      <div aria-hidden="true"><a href="#" style="color:#fff">Behind a modal</a></div>
      <table><tr><td><div style="width:60px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap">A description far too long</div></td></tr></table>
      <div style="width:600px">Wider than a phone</div>
    </body>`);
  const r = await page.evaluate(probeScreen);
  expect(r.failures.map((f) => [f.text, f.ratio, f.required])).toEqual([
    ['White on white', 1, 4.5],
    ['Grey 4.48', 4.48, 4.5],
    ['Red in oklch', 4, 4.5],
    ['Under half black', 4, 4.5],
    ['Faded', 3.98, 4.5],
    ['Small grey', 3.03, 4.5],
    ['Mid gradient', 1, 4.5],
    ['(icon)', 1.61, 3],
  ]);
  expect(r.failures.find((f) => f.text === 'Red in oklch')?.fg).toBe('rgb(255,0,0)');
  expect(r.onGradient.map((g) => g.text)).toEqual(['Mid gradient', 'Dark gradient']);
  expect(r.onGradient[1]?.ratio).toBeGreaterThan(8);
  expect(r.onImage).toEqual([{ what: 'a "On an image"', text: 'On an image' }]);
  expect(r.disabled).toBe(1);
  expect(r.cutOff.map((c) => c.text)).toEqual(['A description far too long']);
  expect(r.page.scrollWidth).toBeGreaterThan(r.page.clientWidth);
});
