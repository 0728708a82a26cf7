import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryClient } from '../shared/api/query-client';
import { installAntdRender } from '../shared/ui/antd-render';
import { App } from './app';
import './styles.css';

installAntdRender();

const container = document.getElementById('root');
if (!container) throw new Error('#root missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
