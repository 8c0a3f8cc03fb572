import './app/page.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { ready } from './shared/i18n/i18n.ts';
import { createQueryClient } from './shared/query-client.ts';

const queryClient = createQueryClient();
const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The first render waits for the reader's translations: keys would flash otherwise. A failed download still
// renders (missing keys fall back), so the console is never left blank.
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
ready().then(render, render);
