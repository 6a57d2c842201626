import type { DiagnosticEntry, StandardMappingList } from '@mapx/api';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import type { editor } from 'monaco-editor/esm/vs/editor/editor.api.js';
import type { DesignerHostConfig } from '../../common/host-config.js';
import type { ApiClient } from './api/api-client.js';
import { AccountControls } from './components/AccountControls.js';
import { DesktopConnectionButton } from './components/DesktopConnectionButton.js';
import { Dialog } from './components/Dialog.js';
import { EditorTabs } from './components/EditorTabs.js';
import { InputPane } from './components/InputPane.js';
import { MapxEditor, modelPath } from './components/MapxEditor.js';
import { MappingsPanel } from './components/MappingsPanel.js';
import type { Loadable } from './state/loadable.js';
import { StandardMappingsPanel } from './components/StandardMappingsPanel.js';
import { OutputPane } from './components/OutputPane.js';
import { ExplainPanel } from './components/ExplainPanel.js';
import { useExplain } from './explain/use-explain.js';
import { SplitPane } from './components/SplitPane.js';
import { StatusBar } from './components/StatusBar.js';
import { TemplatesPanel } from './components/TemplatesPanel.js';
import { TestsPanel } from './components/TestsPanel.js';
import { HistoryPanel } from './components/HistoryPanel.js';
import { HistoryDiff } from './components/HistoryDiff.js';
import { useMappingHistory } from './state/use-mapping-history.js';
import type { CompileReport } from './api/compile-headers.js';
import { useTestsPanel } from './state/use-tests-panel.js';
import { Toasts } from './components/Toasts.js';
import { SignInNotice } from './components/SignInNotice.js';
import { Toolbar } from './components/Toolbar.js';
import { diagnosticRange } from './editor/diagnostic-range.js';
import { createCompletionSources, registerMapxCompletion } from './editor/mapx-completion.js';
import { desktopBridge } from './desktop/desktop-bridge.js';
import type { MonacoApi } from './editor/monaco-api.js';
import {
  SAMPLE_INPUT,
  documentsReducer,
  newDocumentId,
  scratchDocument,
  type DocumentsState,
  type EditorDocument,
} from './state/documents.js';
import { createDraftStore } from './state/draft-store.js';
import type { AuthView } from './state/use-auth.js';
import { useColorScheme } from './state/use-color-scheme.js';
import { useConnection } from './state/use-connection.js';
import { useFeedback } from './state/use-feedback.js';
import { useLiveCheck } from './state/use-live-check.js';
import { useRunner, type InputState } from './state/use-runner.js';
import { useSavedMappings } from './state/use-saved-mappings.js';
import { useStandardMappings } from './state/use-standard-mappings.js';
import { useTemplates } from './state/use-templates.js';
import { useShortcuts } from './state/use-shortcuts.js';

/** Web only: the login leaves the page, so open documents wait in sessionStorage until it comes back. */
const drafts = typeof sessionStorage === 'undefined' ? undefined : createDraftStore(sessionStorage);

function initialDocuments(): DocumentsState {
  const restored = drafts?.read();
  if (restored) return restored;
  const first = scratchDocument();
  return { documents: [first], activeId: first.id };
}

interface WorkbenchProps {
  readonly monaco: MonacoApi;
  readonly host: DesignerHostConfig;
  readonly api: ApiClient;
  readonly auth: AuthView;
  /** The service ended a session we had (a 401 while signed in). */
  readonly sessionLost: boolean;
}

/** The user's own mappings: every id the service serves, less the standard ones that nothing overrides. */
function userMappingIds(
  all: Loadable<readonly string[]>,
  standard: Loadable<StandardMappingList>,
): Loadable<readonly string[]> {
  if (all.state !== 'ready' || standard.state !== 'ready') return all;
  const builtInOnly = new Set(standard.value.filter((m) => !m.overridden).map((m) => m.id));
  return { state: 'ready', value: all.value.filter((id) => !builtInOnly.has(id)) };
}

/** Re-checks the connection when the user signs in or out (the first known state is checked anyway). */
function useRecheckOnLogin(status: string | undefined, recheck: () => void) {
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current !== undefined && previous.current !== status) recheck();
    previous.current = status;
  }, [status, recheck]);
}

/** The workbench: toolbar, side panel, editor tabs, input/output split and status bar. */
export function Workbench({ monaco, host, api, auth, sessionLost }: WorkbenchProps) {
  const theme = useColorScheme() === 'dark' ? 'mapx-dark' : 'mapx-light';
  const bridge = useMemo(desktopBridge, []);
  const connection = useConnection(api, auth.state !== undefined);
  useRecheckOnLogin(auth.state?.status, connection.retryNow);
  const online = connection.state.phase === 'online';
  const needsSignIn = auth.state?.status === 'signed-out';
  const feedback = useFeedback();
  const [docs, dispatch] = useReducer(documentsReducer, undefined, initialDocuments);
  useEffect(() => drafts?.clear(), []);
  const signIn = useCallback(() => {
    if (host.host === 'web') drafts?.stash(docs);
    auth.signIn();
  }, [host, docs, auth]);
  const active = docs.documents.find((d) => d.id === docs.activeId) ?? docs.documents[0]!;
  const [input, setInput] = useState<InputState>({ text: SAMPLE_INPUT, contentType: 'text/csv' });
  const [live, setLive] = useState(true);
  const editorRef = useRef<editor.IStandaloneCodeEditor | undefined>(undefined);

  const completion = useMemo(() => createCompletionSources(() => api), [api]);
  useEffect(() => registerMapxCompletion(monaco, completion).dispose, [monaco, completion]);

  const runner = useRunner(api, input, feedback);
  const liveStatus = useLiveCheck(
    api,
    { enabled: live && online, docId: active.id, text: active.text, input },
    runner.setDocDiagnostics,
  );
  const lastReport = runner.history.current?.outcome.report;
  const activeModel = modelPath(active);
  const explainModels = useMemo(
    () => ({ mapx: activeModel, input: 'input', output: 'output.json' }),
    [activeModel],
  );
  const explain = useExplain(monaco, lastReport?.explain, lastReport?.result, explainModels);
  const compileMarkers = useCallback(
    (docId: string, report: CompileReport) =>
      runner.setDocDiagnostics(
        docId,
        report.diagnostics.map((entry) => ({
          bucket: report.outcome === 'failed' ? ('error' as const) : ('warning' as const),
          entry,
        })),
      ),
    [runner],
  );
  const restored = useCallback(
    (mappingId: string, text: string, report: CompileReport) => {
      for (const doc of docs.documents.filter((d) => d.mappingId === mappingId)) {
        // the editor owns its model's text: set it there, then record it as saved
        monaco.editor.getModel(monaco.Uri.parse(modelPath(doc)))?.setValue(text);
        dispatch({ type: 'edit', id: doc.id, text });
        dispatch({ type: 'saved', id: doc.id, mappingId, text });
        compileMarkers(doc.id, report);
      }
    },
    [docs.documents, monaco, compileMarkers],
  );
  const history = useMappingHistory(api, active.mappingId, online, feedback, restored);
  const refreshHistory = history.refresh;
  const saved = useCallback(
    (docId: string, _mappingId: string, report: CompileReport) => {
      compileMarkers(docId, report);
      void refreshHistory();
    },
    [compileMarkers, refreshHistory],
  );
  const mappings = useSavedMappings(api, online, dispatch, feedback, completion.clear, saved);
  const standard = useStandardMappings(api, online, dispatch, feedback);
  // what is overridden changes with the user's mappings: follow every reload of their list
  const refreshStandard = standard.refresh;
  useEffect(() => {
    if (mappings.mappings.state === 'ready') void refreshStandard();
  }, [mappings.mappings, refreshStandard]);
  const savedIds = useMemo(
    () => userMappingIds(mappings.mappings, standard.standard),
    [mappings.mappings, standard.standard],
  );
  const templates = useTemplates(api, online, feedback);
  const tests = useTestsPanel(api, active.mappingId, online, feedback, setInput);

  const run = useCallback(() => void runner.runAdHoc(active.id, active.text), [runner, active]);
  const runSaved = useCallback(
    (id: string) => void runner.runSaved(id, docs.documents.find((d) => d.mappingId === id)?.id),
    [runner, docs.documents],
  );
  const save = useCallback(
    (askForId: boolean) =>
      active.standardId ? standard.copyToEdit(active) : void mappings.save(active, askForId),
    [mappings, standard, active],
  );
  const newDocument = useCallback(
    () => dispatch({ type: 'open', document: scratchDocument('', 'Untitled') }),
    [],
  );
  const close = useCallback(
    (id: string) => {
      const doc = docs.documents.find((d) => d.id === id);
      dispatch({ type: 'close', id });
      if (doc) monaco.editor.getModel(monaco.Uri.parse(modelPath(doc)))?.dispose();
    },
    [docs.documents, monaco],
  );
  useShortcuts({ run, save: () => save(false), newDocument, closeActive: () => close(active.id) });

  const jump = useCallback((entry: DiagnosticEntry) => {
    const instance = editorRef.current;
    const range = instance && diagnosticRange(instance.getValue(), entry);
    if (!instance || !range) return;
    instance.setSelection(range);
    instance.revealRangeInCenter(range);
    instance.focus();
  }, []);

  const openTemplate = async (id: string) => {
    const text = await templates.fetchTemplate(id);
    if (text === undefined) return;
    const doc: EditorDocument = { id: newDocumentId(), title: `${id} (template)`, text, origin: 'template' };
    dispatch({ type: 'open', document: doc });
  };
  const insertTemplate = async (id: string) => {
    const text = await templates.fetchTemplate(id);
    const instance = editorRef.current;
    const selection = instance?.getSelection();
    if (text === undefined || !instance || !selection) return;
    instance.executeEdits('template', [{ range: selection, text, forceMoveMarkers: true }]);
    instance.focus();
  };

  const side = (
    <aside className="side-panel" aria-label="Library">
      <MappingsPanel
        mappings={savedIds}
        {...(active.mappingId ? { openId: active.mappingId } : {})}
        onOpen={(id) => void mappings.open(id)}
        onRun={runSaved}
        onDelete={(id) => void mappings.remove(id)}
        onRefresh={() => void mappings.refresh()}
        onRecache={() => void mappings.recache()}
      />
      <StandardMappingsPanel
        standard={standard.standard}
        {...(active.standardId ? { openId: active.standardId } : {})}
        onOpen={(id) => void standard.open(id)}
        onRun={runSaved}
      />
      <TestsPanel
        mappingId={active.mappingId}
        tests={tests}
        onAddFromInput={() => void tests.addFromInput(input)}
      />
      <HistoryPanel mappingId={active.mappingId} history={history} />
      <TemplatesPanel
        type={templates.type}
        templates={templates.templates}
        onType={templates.setType}
        onOpen={(id) => void openTemplate(id)}
        onInsert={(id) => void insertTemplate(id)}
      />
    </aside>
  );
  const editorArea = (
    <section className="editor-area" aria-label="Editor">
      <EditorTabs
        documents={docs.documents}
        activeId={active.id}
        onActivate={(id) => dispatch({ type: 'activate', id })}
        onClose={close}
      />
      {active.standardId && (
        <div className="editor-banner" role="note" data-testid="standard-banner">
          <span>
            Standard mapping <strong>{active.standardId}</strong>: built in and read-only. Run and explain it
            here; copy it to change it.
          </span>
          <button type="button" className="small" onClick={() => standard.copyToEdit(active)}>
            Copy to edit
          </button>
        </div>
      )}
      <div className="editor-host" data-testid="mapx-editor">
        <MapxEditor
          monaco={monaco}
          document={active}
          theme={theme}
          diagnostics={runner.diagnostics[active.id] ?? []}
          onChange={(text) => dispatch({ type: 'edit', id: active.id, text })}
          onRun={run}
          onSave={() => save(false)}
          onReady={(instance) => (editorRef.current = instance)}
        />
      </div>
    </section>
  );
  const io = (
    <SplitPane
      direction="row"
      initial={0.4}
      label="Resize input and output"
      first={
        <InputPane
          text={input.text}
          contentType={input.contentType}
          theme={theme}
          onChange={(text, contentType) => setInput({ text, contentType })}
        />
      }
      second={
        <OutputPane
          {...(runner.history.current ? { current: runner.history.current } : {})}
          {...(runner.history.previous ? { previous: runner.history.previous } : {})}
          theme={theme}
          running={runner.running}
          onJump={jump}
          explain={<ExplainPanel state={explain} />}
        />
      }
    />
  );
  return (
    <div className={`app theme-${theme}`}>
      <Toolbar
        canRunSaved={active.mappingId !== undefined}
        running={runner.running}
        live={live}
        liveStatus={liveStatus}
        onNew={newDocument}
        onSave={() => save(false)}
        onSaveAs={() => save(true)}
        onRun={run}
        onRunSaved={() => active.mappingId && runSaved(active.mappingId)}
        onLive={setLive}
        end={<AccountControls auth={{ ...auth, signIn }} />}
      />
      {needsSignIn && <SignInNotice serviceUrl={host.serviceBaseUrl} lost={sessionLost} />}
      <main className="workbench">
        <SplitPane
          direction="row"
          initial={0.2}
          label="Resize side panel"
          first={side}
          second={
            <SplitPane
              direction="column"
              initial={0.55}
              label="Resize editor and run panes"
              first={editorArea}
              second={io}
            />
          }
        />
      </main>
      <StatusBar
        connection={connection.state}
        onRetry={connection.retryNow}
        right={bridge ? <DesktopConnectionButton bridge={bridge} /> : host.serviceBaseUrl}
      />
      <Toasts toasts={feedback.toasts} onDismiss={feedback.dismiss} />
      {history.comparison && active.mappingId && history.versions.state === 'ready' && (
        <HistoryDiff
          monaco={monaco}
          mappingId={active.mappingId}
          versions={history.versions.value}
          comparison={history.comparison}
          theme={theme}
          onCompare={(left, right) => void history.compare(left, right)}
          onRestore={(versionId) => void history.restore(versionId)}
          onClose={history.closeComparison}
        />
      )}
      {feedback.dialog && (
        <Dialog key={feedback.dialog.title} request={feedback.dialog} onDone={feedback.closeDialog} />
      )}
    </div>
  );
}
