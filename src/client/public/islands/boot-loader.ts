/**
 * The inline script that replaces the boot script's tag on every prerendered public page
 * (docs/decisions/027-island-code-on-idle.md). No script is requested before first paint:
 * the boot script loads after the load event once the browser is idle, or at once when the
 * visitor first points, touches, focuses or types after it. Not before: Chromium sends a
 * pointerover to wherever the resting mouse is after the first layout, often before the load
 * event, and that is nobody reaching for anything. A submit or in-page link click inside an
 * island before it has arrived waits for it and is replayed (the boot script then holds it
 * until the island is hydrated); should it fail to load, the browser's own action goes ahead.
 * The server allows exactly this text by its hash (plugins/client.ts).
 */
export function bootLoaderScript(bootUrl: string): string {
  return `let p,ready=false;const go=()=>p??=import(${JSON.stringify(bootUrl)}).then(()=>{ready=true});
addEventListener("load",()=>{"requestIdleCallback" in window?requestIdleCallback(go,{timeout:3000}):setTimeout(go,300);
for(const t of["pointerover","pointerdown","touchstart","focusin","keydown"])addEventListener(t,()=>void go().catch(()=>{}),{once:true,passive:true,capture:true})},{once:true});
const hold=e=>{if(ready||!(e.target instanceof Element)||!e.target.closest("[data-island]"))return;
const form=e.type==="submit"?e.target:null,link=e.type==="click"?e.target.closest('a[href^="#"]'):null;
if(!form&&!link)return;e.preventDefault();e.stopImmediatePropagation();const s=e.submitter;
go().then(()=>form?form.requestSubmit(s):link.click(),()=>form?form.submit():location.hash=link.hash)};
addEventListener("submit",hold,true);addEventListener("click",hold,true);`;
}
