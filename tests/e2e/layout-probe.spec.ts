// The layout probe behind the width matrix (fixtures/layout.ts), on a page of known faults: it
// must catch each (and so can fail), and pass what fits.
import { expect, test } from './fixtures/test.ts';
import { probeLayout } from './fixtures/layout.ts';

test('the layout probe finds sideways scroll, cut controls, a dialog off-screen and clipped text', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 600 });
  await page.setContent(`
    <body style="margin:0;font:16px sans-serif">
      <div style="width:250px;overflow-x:auto"><table style="width:380px"><tr>
        <td>Row one</td><td style="text-align:right"><button>Open row one</button></td>
      </tr></table></div>
      <div style="width:150px;overflow:hidden"><div style="width:300px;text-align:right">
        <a href="#">Cut by its box</a></div></div>
      <p style="width:120px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis">A name far too long to fit</p>
      <p style="width:120px;overflow:hidden;white-space:nowrap">Fits</p>
      <span class="sr-only" style="position:absolute;width:1px;height:1px;overflow:hidden">Screen readers only, a long text</span>
      <div role="dialog" aria-label="Tall" style="position:fixed;top:0;left:0;width:380px">
        <div style="height:700px">Body</div><button>Save</button>
      </div>
      <div role="dialog" aria-label="Scrolling" style="position:fixed;top:0;left:0;width:380px">
        <div style="max-height:300px;overflow-y:auto"><div style="height:700px">Body</div><button>Inside the body</button></div>
        <button>Done</button>
      </div>
      <div style="width:600px">Wider than the phone</div>
    </body>`);
  expect(await page.evaluate(probeLayout)).toEqual([
    'the page scrolls sideways (600 px in 390)',
    'div "Row oneOpen row one" scrolls sideways (380 px in 250)',
    'p "A name far too long to fit" clips its text',
    'button "Open row one" is cut by its box div "Row oneOpen row one"',
    'a "Cut by its box" is cut by its box div "Cut by its box"',
    'button "Save" of dialog "Tall" lies outside the viewport',
  ]);
});
