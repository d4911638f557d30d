import { deciderSpecification } from '@inkprint/domain-kernel';
import { historyDisplay } from './history';
import { reportDecider, reportIsOpen, type ReportEvent } from './report';
import { toolRunDecider, type DetectionFacts } from './detection';

const toolRuns = deciderSpecification(toolRunDecider);
const reports = deciderSpecification(reportDecider);

const facts: DetectionFacts = {
  requestId: 'r1',
  user: { type: 'guest', id: 'g1' },
  textHash: 'h',
  characters: 900,
  words: 150,
  engine: 'onnx',
  modelVersion: '1.1.0',
  durationMs: 7,
  cached: false,
  clientTrim: false,
  source: 'paste',
  score: 0.873,
  aiProbability: 91.2,
  confidence: 74.44,
  mode: 'moderate',
  modeLabel: 'Moderate (chunked)',
  at: '2026-03-01T10:00:00.000Z',
};

describe('history display', () => {
  it('reads the engine scores through the report bands; bias is the band mapping shift in points', () => {
    expect(historyDisplay(facts)).toEqual({
      aiProbabilityPercent: 87.3,
      confidencePercent: 74.4,
      verdict: 'AI-Generated',
      badge: 'ai',
      detectionMode: 'moderate',
      detectionModeLabel: 'Moderate (chunked)',
      biasPercent: -3.9,
      raw: { biasedScore: 0.873 },
    });
    expect(historyDisplay({ ...facts, score: 0.35, aiProbability: 20, modeLabel: 'Fast (beta)' })).toMatchObject({
      verdict: 'Human',
      badge: 'humanised',
      detectionModeLabel: 'Fast',
      biasPercent: 15,
    });
  });
});

describe('tool runs', () => {
  it('records a detection once; recording the same request again changes nothing', () => {
    toolRuns
      .given([])
      .when({ type: 'RecordDetection', data: facts })
      .then([{ type: 'DetectionRecorded', data: facts }]);
    toolRuns
      .given([{ type: 'DetectionRecorded', data: facts }])
      .when({ type: 'RecordDetection', data: facts })
      .then([]);
  });
});

describe('reports', () => {
  const shared: ReportEvent = {
    type: 'ReportShared',
    data: {
      reportId: 'abcdefgh',
      sharedBy: null,
      contentHash: 'c',
      bytes: 10,
      score: 0.4,
      mode: 'fast',
      createdAt: '2026-03-01T10:00:00.000Z',
      expiresAt: '2026-03-02T10:00:00.000Z',
    },
  };
  it('expires only once its 24 hours are over', () => {
    reports
      .given([shared])
      .when({ type: 'ExpireReport', data: { at: '2026-03-02T09:59:59.000Z' } })
      .then([]);
    reports
      .given([shared])
      .when({ type: 'ExpireReport', data: { at: '2026-03-02T10:00:00.000Z' } })
      .then([{ type: 'ReportExpired', data: { at: '2026-03-02T10:00:00.000Z' } }]);
    expect(reportIsOpen(reportDecider.evolve(reportDecider.initialState(), shared), '2026-03-02T09:59:59.000Z')).toBe(
      true,
    );
    expect(reportIsOpen(reportDecider.evolve(reportDecider.initialState(), shared), '2026-03-02T10:00:00.000Z')).toBe(
      false,
    );
  });
  it('is deleted with its owner; a deleted report stays deleted', () => {
    reports
      .given([shared])
      .when({ type: 'DeleteReport', data: { reason: 'account_erased', at: '2026-03-01T11:00:00.000Z' } })
      .then([{ type: 'ReportDeleted', data: { reason: 'account_erased', at: '2026-03-01T11:00:00.000Z' } }]);
    reports
      .given([shared, { type: 'ReportDeleted', data: { reason: 'account_erased', at: 'x' } }])
      .when({ type: 'DeleteReport', data: { reason: 'owner_request', at: 'y' } })
      .then([]);
  });
});
