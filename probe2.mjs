import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage();
p.on('pageerror', (e) => console.log('pageerror ' + e.message));
p.on('console', (m) => console.log('console ' + m.type() + ' ' + m.text().slice(0, 300)));
await p.goto('http://127.0.0.1:4555' + process.argv[2]);
await p.waitForTimeout(4000);
console.log(await p.evaluate(process.argv[3]));
await b.close();
