import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __admRoot?: Root };

let installed = false;

/**
 * antd-mobile 5 renders Toast, Dialog and Modal with the legacy ReactDOM.render, which React 19 removed:
 * without this they silently show nothing (STACK.md). Not called at start-up, which would put antd-mobile in every
 * first visit: every lazy screen installs it as it loads (app/routes.tsx), and so does ./dialogs.
 */
export function installAntdRender(): void {
  if (installed) return;
  installed = true;
  unstableSetRender((node, container: Container) => {
    container.__admRoot ??= createRoot(container);
    const root = container.__admRoot;
    root.render(node);
    return async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      root.unmount();
      delete container.__admRoot;
    };
  });
}
