// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { metadataView } from '../../../renderer/lib/metadata';

describe('metadataView', () => {
  it('shows a JSON object string as key/values, in words', () => {
    expect(
      metadataView(
        '{"region":"eu","seats":12,"ssoEnabled":true,"compliance_tags":["soc2","hipaa"],"billing-contact":{"name":"Ann","active":false},"deep":{"a":{"b":1}}}',
      ),
    ).toEqual({
      kind: 'entries',
      entries: [
        ['Region', 'eu'],
        ['Seats', '12'],
        ['Sso enabled', 'Yes'],
        ['Compliance tags', 'soc2, hipaa'],
        ['Billing contact', 'Name: Ann; Active: No'],
        ['Deep', '{"a":{"b":1}}'],
      ],
    });
  });

  it('shows an object given as an object the same way', () => {
    expect(metadataView({ plan: 'pro', owner: null })).toEqual({
      kind: 'entries',
      entries: [
        ['Plan', 'pro'],
        ['Owner', '—'],
      ],
    });
  });

  it('shows text that is not a JSON object as text', () => {
    expect(metadataView('legacy plan, billed yearly')).toEqual({
      kind: 'text',
      text: 'legacy plan, billed yearly',
    });
    expect(metadataView('[1,2]')).toEqual({ kind: 'text', text: '[1,2]' });
    expect(metadataView('{"broken":')).toEqual({ kind: 'text', text: '{"broken":' });
  });

  it('shows nothing for empty metadata', () => {
    for (const v of [null, undefined, '', '   ', '{}', 'null', {}]) {
      expect(metadataView(v)).toEqual({ kind: 'none' });
    }
  });
});
