import { describe, expect, it } from 'vitest';
import { organizationChecklist, type OnboardingFacts } from './organization-checklist.js';

const facts = (members: number, samlConfigured: boolean): OnboardingFacts => ({
  people: {
    organizationName: 'Acme',
    members,
    pendingMembers: 2,
    samlConfigured,
    passwordSignIns: 4,
    samlSignIns: 1,
  },
  library: { processedSops: 1, publishedEvaluations: 0 },
  observations: { completedObservations: 3 },
  floor: { assignedCameras: 0 },
});

describe("an organization's checklist in words any client can render", () => {
  it('gives each step a catalog key and its counts beside the English', () => {
    const steps = organizationChecklist(facts(5, false));
    expect(steps.map((step) => step.text.key)).toEqual([
      'people',
      'sign_in_password',
      'first_sop',
      'first_evaluation',
      'first_observation',
      'camera_system',
    ]);
    expect(steps[0]).toMatchObject({
      detail: '5 members besides administrators, 2 invitations not yet accepted',
      text: { params: { members: 5, invitations: 2 } },
    });
    expect(steps[1]!.text.params).toEqual({ signIns: 4 });
  });

  it('names the variant a step is in: nobody yet, single sign-on', () => {
    const steps = organizationChecklist(facts(0, true));
    expect(steps[0]!.text).toEqual({ key: 'people_none', params: {} });
    expect(steps[1]!.text).toEqual({ key: 'sign_in_saml', params: { signIns: 1 } });
  });
});
