/** The admin portal's entry point: mounts the app into #app (services/gateway/routes/admin-portal.routes.ts). */
// First: repairs navigator.language before uPlot reads it.
import './locale-guard';
import { render } from 'preact';
import { App } from './app';
import { startRouter } from './router';

startRouter();
render(<App />, document.getElementById('app')!);
