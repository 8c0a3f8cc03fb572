import {
  byId,
  type Case,
  type Fixture,
  image,
  listing,
  namingPartner,
  type World,
} from './authorization-matrix.fixtures.ts';
import { multipartFile } from './harness.ts';

/**
 * The authorization matrix's fixtures for the checklists endpoints (see authorization-matrix.fixtures.ts for the
 * builders: byId, listing, namingPartner, …). A function, so the builders it imports are initialised when it runs.
 * Work items and checklists belong to their provider partner; another partner's answers the area's own 404
 * (WorkItemNotFound, ChecklistNotFound), exactly as a missing one does.
 */
export function checklistFixtures(): Record<string, Fixture> {
  const itemNotFound = { status: 404, code: 'WorkItemNotFound' } as const;
  const checklistNotFound = { status: 404, code: 'ChecklistNotFound' } as const;
  const item = (build: (w: World) => Promise<Case>): Fixture => ({ ...byId(build), otherPartner: itemNotFound });
  const checklist = (build: (w: World) => Promise<Case>): Fixture => ({
    ...byId(build),
    otherPartner: checklistNotFound,
  });

  const option = { type: 'labour', name: 'Fit', costAmount: 5, price: 12 };
  async function newItem(w: World) {
    return w.ownerCall<{ id: string; name: string; options: { id: string }[] }>('POST', '/checklist/workItems', {
      partnerId: w.partnerA,
      name: w.unique('Brake pads'),
      resultMode: 'single',
      options: [option],
    });
  }
  const withItem = async (w: World) => {
    const created = await newItem(w);
    return { id: created.id, optionId: created.options[0]?.id as string };
  };
  const uploaded = async (w: World, url: string) => {
    const { payload, contentType } = await multipartFile(image(w));
    const res = await w.t.app.inject({
      method: 'PUT',
      url: `/api${url}`,
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${w.owner}` },
    });
    if (res.statusCode !== 200) throw new Error(`image upload failed: ${res.body}`);
  };
  async function newChecklist(w: World) {
    const { id: itemId } = await withItem(w);
    return w.ownerCall<{ id: string; name: string; workItemGroups: { id: string }[] }>(
      'POST',
      '/checklist/checklists',
      {
        partnerId: w.partnerA,
        name: w.unique('Yearly service'),
        assetCategoryScope: [w.category.id],
        basicCostAmount: 10,
        workItemGroups: [
          { name: 'Brakes', isRequired: true, isAllWorkItemsRequired: false, workItemIdList: [itemId] },
          { name: 'Tyres', isRequired: false, isAllWorkItemsRequired: false, workItemIdList: [itemId] },
        ],
      },
    );
  }
  const withGroup = async (w: World) => {
    const created = await newChecklist(w);
    return { id: created.id, groupId: created.workItemGroups[0]?.id as string };
  };

  return {
    // work items
    'GET /checklist/workItems': listing(async (w) => {
      const created = await newItem(w);
      return { request: { query: { name: created.name } }, marker: created.id };
    }),
    'POST /checklist/workItems': namingPartner(async (w) => ({
      request: { body: { partnerId: w.partnerA, name: w.unique('Chain'), resultMode: 'multiple', options: [option] } },
    })),
    'GET /checklist/workItems/:id': item(async (w) => ({ request: { params: { id: (await newItem(w)).id } } })),
    'PATCH /checklist/workItems/:id': item(async (w) => ({
      request: { params: { id: (await newItem(w)).id }, body: { description: 'Front and rear' } },
    })),
    'POST /checklist/workItems/:id/$archive': item(async (w) => ({
      request: { params: { id: (await newItem(w)).id } },
    })),
    'PUT /checklist/workItems/:id/image': item(async (w) => ({
      request: { params: { id: (await newItem(w)).id }, file: image(w) },
    })),
    'DELETE /checklist/workItems/:id/image': item(async (w) => {
      const { id } = await newItem(w);
      await uploaded(w, `/checklist/workItems/${id}/image`);
      return { request: { params: { id } } };
    }),
    'POST /checklist/workItems/:id/options': item(async (w) => ({
      request: {
        params: { id: (await newItem(w)).id },
        body: { ...option, type: 'hardware', name: 'Pads', sku: 'BP-1' },
      },
    })),
    'PATCH /checklist/workItems/:id/options/:optionId': item(async (w) => ({
      request: { params: await withItem(w), body: { price: null } },
    })),
    'DELETE /checklist/workItems/:id/options/:optionId': item(async (w) => ({
      request: { params: await withItem(w) },
    })),
    'PUT /checklist/workItems/:id/options/:optionId/image': item(async (w) => ({
      request: { params: await withItem(w), file: image(w) },
    })),
    'DELETE /checklist/workItems/:id/options/:optionId/image': item(async (w) => {
      const params = await withItem(w);
      await uploaded(w, `/checklist/workItems/${params.id}/options/${params.optionId}/image`);
      return { request: { params } };
    }),

    // checklists
    'GET /checklist/checklists': listing(async (w) => {
      const created = await newChecklist(w);
      return { request: { query: { name: created.name } }, marker: created.id };
    }),
    'POST /checklist/checklists': namingPartner(async (w) => ({
      request: {
        body: {
          partnerId: w.partnerA,
          name: w.unique('Safety check'),
          assetCategoryScope: [w.category.id],
          basicCostAmount: 0,
        },
      },
    })),
    'GET /checklist/checklists/:id': checklist(async (w) => ({
      request: { params: { id: (await newChecklist(w)).id } },
    })),
    'PATCH /checklist/checklists/:id': checklist(async (w) => ({
      request: { params: { id: (await newChecklist(w)).id }, body: { basicCostAmount: 15 } },
    })),
    'POST /checklist/checklists/:id/$archive': checklist(async (w) => ({
      request: { params: { id: (await newChecklist(w)).id } },
    })),
    'POST /checklist/checklists/:id/workItemGroups': checklist(async (w) => {
      const { id: itemId } = await withItem(w);
      const created = await w.ownerCall<{ id: string }>('POST', '/checklist/checklists', {
        partnerId: w.partnerA,
        name: w.unique('Quick check'),
        assetCategoryScope: [w.category.id],
        basicCostAmount: 0,
      });
      return {
        request: {
          params: { id: created.id },
          body: { name: 'Lights', isRequired: true, isAllWorkItemsRequired: true, workItemIdList: [itemId] },
        },
      };
    }),
    'PATCH /checklist/checklists/:id/workItemGroups/:groupId': checklist(async (w) => ({
      request: { params: await withGroup(w), body: { position: 1 } },
    })),
    'DELETE /checklist/checklists/:id/workItemGroups/:groupId': checklist(async (w) => ({
      request: { params: await withGroup(w) },
    })),
    'PUT /checklist/checklists/:id/workItemGroups/:groupId/image': checklist(async (w) => ({
      request: { params: await withGroup(w), file: image(w) },
    })),
    'DELETE /checklist/checklists/:id/workItemGroups/:groupId/image': checklist(async (w) => {
      const params = await withGroup(w);
      await uploaded(w, `/checklist/checklists/${params.id}/workItemGroups/${params.groupId}/image`);
      return { request: { params } };
    }),
  };
}
