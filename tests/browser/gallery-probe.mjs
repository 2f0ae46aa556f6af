import fs from "node:fs";
import path from "node:path";
import { launch, openPage, setTheme, visit, fileUrl, sleep } from "./lib.mjs";
const [site, out] = process.argv.slice(2);
fs.mkdirSync(out, { recursive: true });
const { browser, close } = await launch();
for (const theme of ["light", "dark"]) {
  const page = await openPage(browser);
  await setTheme(page, theme);
  for (const file of fs.readdirSync(site).filter((f) => /^\d.*\.html$/.test(f))) {
    await visit(page, fileUrl(path.join(site, file)));
    for (const figure of await page.$$("figure.plot")) {
      const id = await figure.evaluate((f) => f.id);
      const hit = await figure.$(".rlf-wide .rlf-hit");
      await figure.evaluate((f) => f.scrollIntoView({ block: "center" }));
      await sleep(100);
      if (hit) {
        const box = await hit.boundingBox();
        for (const [fx, fy] of [[0.62, 0.4], [0.5, 0.5], [0.3, 0.7], [0.75, 0.25]]) {
          await page.mouse.move(box.x + box.width * fx, box.y + box.height * fy);
          if (await figure.$eval(".rlf-tip", (t) => !t.hidden).catch(() => false)) break;
        }
      }
      const shot = path.join(out, `${file.replace(".html", "")}-${id}-${theme}.png`);
      await (await figure.$(".rlf-wide")).screenshot({ path: shot });
      const tip = await figure.$eval(".rlf-tip", (t) => (t.hidden ? "(none)" : t.textContent)).catch(() => "(none)");
      console.log(path.basename(shot), "readout:", tip);
    }
  }
  await page.close();
}
await close();
