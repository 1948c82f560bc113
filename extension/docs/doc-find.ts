// Find Doc…: Quick Open for docs. It starts from the docs the tree holds; typing two characters or
// more searches every doc on the service (titles and bodies, GET /docs?q at its most), so a doc the
// tree's one answer could not hold is a few keys away. A search that may be cut says so.
import * as vscode from 'vscode';
import { docTreePath, loadWholeDocs, naturalBy, type DocListItem, type WholeDocs } from '../../shared/index';
import type { WscServices } from '../context';
import { DOC_COMMAND_IDS } from '../ids';

interface DocPick extends vscode.QuickPickItem {
  doc: DocListItem;
}

const SEARCH_MIN = 2;
const byTitle = naturalBy<DocListItem>((d) => d.title);

/** The docs (not folders) of an answer, in natural order, each with the folders above it when the tree knows them. */
export function docPicks(found: readonly DocListItem[], known: readonly DocListItem[]): DocPick[] {
  return found
    .filter((d) => !d.is_folder)
    .sort(byTitle)
    .map((doc) => ({
      label: doc.title,
      description: docTreePath(known, doc.parent_id)
        .map((f) => f.title)
        .join(' / '),
      // The service matched it (title or body): shown whatever Quick Open's own matching thinks.
      alwaysShow: true,
      doc,
    }));
}

/** The search behind Find Doc (also for the test API): every doc matching `q`, at the service's most. */
export async function searchDocs(services: WscServices, q: string): Promise<WholeDocs | undefined> {
  return services.withClient(vscode.l10n.t('Could not search the docs'), (client) => loadWholeDocs(client, q));
}

export async function findDoc(services: WscServices, known: () => Promise<DocListItem[]>): Promise<void> {
  const pick = vscode.window.createQuickPick<DocPick>();
  pick.placeholder = vscode.l10n.t('Type to search every doc by title and text');
  pick.title = vscode.l10n.t('Find Doc');
  pick.matchOnDescription = true;
  const tree = await known();
  pick.items = docPicks(tree, tree);
  let asked = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const search = async (value: string, ask: number) => {
    const q = value.trim();
    if (q.length < SEARCH_MIN) {
      pick.items = docPicks(tree, tree);
      pick.title = vscode.l10n.t('Find Doc');
      return;
    }
    pick.busy = true;
    const found = await searchDocs(services, q);
    if (ask !== asked) return;
    pick.busy = false;
    if (!found) return;
    pick.items = docPicks(found.docs, tree);
    pick.title = found.truncated ? vscode.l10n.t('Find Doc — {0} shown, more match: type more words to narrow', found.docs.length) : vscode.l10n.t('Find Doc');
  };
  const done = new Promise<void>((resolve) => {
    pick.onDidChangeValue((value) => {
      asked += 1;
      const ask = asked;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void search(value, ask), 200);
    });
    pick.onDidAccept(() => {
      const chosen = pick.selectedItems[0];
      pick.hide();
      if (chosen) void vscode.commands.executeCommand(DOC_COMMAND_IDS.openDoc, chosen.doc);
    });
    pick.onDidHide(() => {
      if (timer) clearTimeout(timer);
      pick.dispose();
      resolve();
    });
  });
  pick.show();
  await done;
}
