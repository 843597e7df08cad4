// The Joinery extension: starts `joinery lsp` in the workspace folder and connects it to the
// editor's JSON files (diagnostics, completion, hover, quick fixes all come from the server).
const vscode = require('vscode');

/** @type {import('vscode-languageclient/node').LanguageClient | undefined} */
let client;

function loadClientLibrary() {
  try {
    return require('vscode-languageclient/node');
  } catch {
    return undefined;
  }
}

async function activate(context) {
  const lib = loadClientLibrary();
  if (!lib) {
    void vscode.window.showErrorMessage(
      'Joinery: vscode-languageclient is missing. Run `npm install` in editors/vscode, then reload the window.',
    );
    return;
  }
  const config = vscode.workspace.getConfiguration('joinery');
  const [command, ...args] = config.get('command');
  const site = config.get('site');
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const server = {
    command,
    args: site ? [...args, '--site', site] : args,
    options: { cwd, shell: process.platform === 'win32' },
  };
  client = new lib.LanguageClient(
    'joinery',
    'Joinery',
    { run: server, debug: server },
    {
      documentSelector: [{ scheme: 'file', language: 'json' }],
      // Files changed outside the editor (a git checkout, a script) are read again.
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.json') },
    },
  );
  context.subscriptions.push(client);
  await client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
