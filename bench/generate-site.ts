/** Generates a large site (the shipped one plus N extra pages and routes) into a temp folder. */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function generateSite(sourceDir: string, pages: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'joinery-bench-site-'));
  cpSync(sourceDir, dir, { recursive: true });
  const routesFile = join(dir, 'routes.json');
  const routes = JSON.parse(readFileSync(routesFile, 'utf8'));
  const existing = routes.routes.length;
  for (let i = existing; i < pages; i++) {
    const name = `generated-${i}`;
    routes.routes.push({
      path: `/guides/${name}`,
      page: name,
      title: `Kitchen planning guide ${i} | Hearthline Cabinetry`,
      description: `Guide ${i}: measuring, choosing door styles and planning storage for your kitchen.`,
      breadcrumbs: [
        { text: 'Home', url: '/' },
        { text: `Guide ${i}`, url: `/guides/${name}` },
      ],
    });
    writeFileSync(
      join(dir, 'pages', `${name}.json`),
      JSON.stringify(
        {
          $schema: '../../schemas/page.schema.json',
          blocks: [
            {
              type: 'heading',
              props: {
                eyebrow: 'Planning guide',
                title: `Kitchen planning guide ${i}`,
                intro: 'Measure twice, order once: how to plan base, wall and tall cabinets around your appliances.',
              },
            },
            {
              type: 'heading',
              props: {
                level: 2,
                title: 'Choosing a door style',
                intro: 'Shaker doors suit almost any kitchen; slab doors read modern; raised panels feel traditional.',
              },
            },
            {
              type: 'heading',
              props: {
                level: 2,
                title: 'Ordering sample doors',
                intro: 'Order free sample doors to see each finish in your own light before you buy.',
              },
            },
          ],
        },
        null,
        2,
      ),
    );
  }
  writeFileSync(routesFile, JSON.stringify(routes, null, 2));
  return dir;
}
