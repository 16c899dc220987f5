import { describe, expect, it } from 'vitest';
import { formatCash, formatDate, formatPoints, formatPrice } from './format';
import { localized } from './localized';

describe('format', () => {
  it('shows prices in dollars and points with P', () => {
    expect(formatPrice(12.5, 'en')).toBe('$12.50');
    expect(formatPrice(1200, 'en')).toBe('$1,200');
    expect(formatPrice(12.5, 'ar')).toBe('12.50 $');
    expect(formatPoints(1250, 'en')).toBe('1,250 P');
  });

  it('shows the cash value of points (points / 5)', () => {
    expect(formatCash(1000, 'en')).toBe('200');
    expect(formatCash(7, 'en')).toBe('1.4');
  });

  it('formats calendar dates in the language', () => {
    expect(formatDate('2025-10-07', 'en')).toBe('07 October 2025');
    expect(formatDate('2025-10-07', 'ar')).toContain('أكتوبر');
    expect(formatDate(null, 'en')).toBe('');
  });
});

describe('localized', () => {
  const offer = { title: 'Free coffee', titleAr: 'قهوة مجانية', description: 'Any size', descriptionAr: null };
  it('shows the Arabic variant in Arabic, falling back to English', () => {
    expect(localized(offer, 'title', 'ar')).toBe('قهوة مجانية');
    expect(localized(offer, 'title', 'en')).toBe('Free coffee');
    expect(localized(offer, 'description', 'ar')).toBe('Any size');
  });
});
