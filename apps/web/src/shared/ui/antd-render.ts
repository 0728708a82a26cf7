import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

type Container = (Element | DocumentFragment) & { __admRoot?: Root };

/**
 * antd-mobile 5 renders Toast, Dialog and Modal with the legacy ReactDOM.render, which React 19 removed:
 * without this they silently show nothing (STACK.md). Call once at start-up.
 */
export function installAntdRender(): void {
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
