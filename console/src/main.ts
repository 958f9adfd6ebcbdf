// The console: a client of the public API, served by the service at /console.
import { h, replaceChildren } from './app/dom.ts';
import { createRouter } from './app/router.ts';
import { session } from './app/session.ts';
import { applyTheme, effectiveTheme, storedTheme } from './app/theme.ts';
import { routes, sections } from './routes.ts';

const appName = 'Agent Execution API';

function must<T extends Element>(selector: string): T {
  const element = document.querySelector<T>(selector);
  if (!element) throw new Error(`index.html has no ${selector}`);
  return element;
}

function renderNav(nav: HTMLElement): (section: string) => void {
  const links = sections.map((entry) => h('a', { href: `#${entry.path}`, 'data-section': entry.section }, entry.label));
  replaceChildren(nav, h('ul', null, links.map((link) => h('li', null, link))));
  return (section) => {
    for (const link of links) {
      if (link.dataset.section === section) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
  };
}

function renderActions(actions: HTMLElement): void {
  const themeButton = h('button', { type: 'button', className: 'button ghost', 'data-action': 'theme' });
  const label = (): void => {
    const next = effectiveTheme() === 'dark' ? 'light' : 'dark';
    themeButton.textContent = next === 'dark' ? 'Dark theme' : 'Light theme';
    themeButton.setAttribute('aria-label', `Switch to the ${next} theme`);
  };
  themeButton.addEventListener('click', () => {
    applyTheme(effectiveTheme() === 'dark' ? 'light' : 'dark');
    label();
  });
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (storedTheme() === 'system') label();
  });
  label();

  const account = h('span', { className: 'account-state' });
  const showAccount = (): void => {
    const key = session.apiKey();
    replaceChildren(
      account,
      key
        ? [
            h('span', { className: 'key-hint' }, `Key ${key.slice(0, 12)}…`),
            h('button', {
              type: 'button',
              className: 'button ghost',
              onClick: () => {
                session.setApiKey(undefined);
                session.setAdminToken(undefined);
                dispatchEvent(new HashChangeEvent('hashchange'));
              },
            }, 'Sign out'),
          ]
        : h('span', { className: 'key-hint' }, 'Not signed in'),
    );
  };
  session.onChange(showAccount);
  showAccount();
  replaceChildren(actions, account, themeButton);
}

function wireMenu(toggle: HTMLButtonElement, nav: HTMLElement): void {
  toggle.addEventListener('click', () => {
    const open = toggle.getAttribute('aria-expanded') !== 'true';
    toggle.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('open', open);
  });
  addEventListener('hashchange', () => {
    toggle.setAttribute('aria-expanded', 'false');
    nav.classList.remove('open');
  });
}

/** The skip link moves focus to the page's content; as a plain `#main` link it would change the route. */
function wireSkipLink(link: HTMLAnchorElement, main: HTMLElement): void {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    main.focus();
  });
}

applyTheme(storedTheme());
wireSkipLink(must<HTMLAnchorElement>('.skip-link'), must<HTMLElement>('#main'));
const nav = must<HTMLElement>('#site-nav');
const setSection = renderNav(nav);
renderActions(must<HTMLElement>('.top-actions'));
wireMenu(must<HTMLButtonElement>('.menu-toggle'), nav);
createRouter(routes, { root: must<HTMLElement>('#main'), fallback: '/agents', appName, onSection: setSection }).start();
