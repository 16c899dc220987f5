/** The demo's data: accounts, and what each demo merchant's catalogue holds (by the merchant's mobile), in both languages. */

export const DEMO_PASSWORD = 'demo1234';

/** The demo's accounts; every mobile logs in with DEMO_PASSWORD (customers too). */
export const DEMO = {
  merchants: [
    {
      name: 'Doha Coffee House',
      mobile: '97450000001',
      branches: [
        {
          branchName: 'West Bay',
          // one name each, the same everywhere (first and last name: no middle name to drop)
          staff: { fName: 'Ahmed', lName: 'Al-Sulaiti' },
          courier: { fName: 'Yousef', lName: 'Karimi' },
          branchNameAr: 'الخليج الغربي',
          address: 'West Bay, Doha',
          addressAr: 'الخليج الغربي، الدوحة',
          phone: '97444000001',
          lat: 25.3245,
          long: 51.5302,
        },
        {
          branchName: 'The Pearl',
          staff: { fName: 'Noura', lName: 'Al-Thani' },
          courier: { fName: 'Bilal', lName: 'Qureshi' },
          branchNameAr: 'اللؤلؤة',
          address: 'Porto Arabia, The Pearl',
          addressAr: 'بورتو أرابيا، اللؤلؤة',
          phone: '97444000002',
          lat: 25.37,
          long: 51.551,
        },
      ],
    },
    {
      name: 'Souq Sweets',
      mobile: '97450000002',
      branches: [
        {
          branchName: 'Souq Waqif',
          staff: { fName: 'Huda', lName: 'Saleh' },
          courier: { fName: 'Imran', lName: 'Malik' },
          branchNameAr: 'سوق واقف',
          address: 'Souq Waqif, Doha',
          addressAr: 'سوق واقف، الدوحة',
          phone: '97444000003',
          lat: 25.2867,
          long: 51.5333,
        },
      ],
    },
  ],
  customers: [
    { name: 'Mariam Al-Kuwari', mobile: '97466000001' },
    { name: 'Omar Haddad', mobile: '97466000002' },
    { name: 'Sara Nasser', mobile: '97466000003' },
  ],
} as const;

export const TAGS = ['Coffee', 'Sweets', 'Breakfast', 'Family', 'Weekend'] as const;

export type DemoOffer = {
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  price: number;
  points: number;
  available: number;
  tags: string[];
  hue: number;
  pictures: number;
};
export type DemoProduct = {
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  price: number;
  points: number;
  stockAmount: number;
  delivery: boolean;
  hue: number;
};

export const CATALOGUE: Record<string, { offers: DemoOffer[]; products: DemoProduct[] }> = {
  '97450000001': {
    offers: [
      {
        title: 'Two flat whites for one',
        titleAr: 'فلات وايت اثنان بسعر واحد',
        description: 'Bring a friend: two flat whites for the price of one, every weekday morning.',
        descriptionAr: 'أحضر صديقاً: كوبان من الفلات وايت بسعر كوب واحد كل صباح من أيام الأسبوع.',
        price: 18,
        points: 60,
        available: 100,
        tags: ['Coffee'],
        hue: 28,
        pictures: 2,
      },
      {
        title: 'Family breakfast box',
        titleAr: 'صندوق فطور العائلة',
        description: 'Croissants, labneh, fresh juice and four coffees for the whole family on weekends.',
        descriptionAr: 'كرواسون ولبنة وعصير طازج وأربعة أكواب قهوة لكل العائلة في عطلة نهاية الأسبوع.',
        price: 75.5,
        points: 250,
        available: 40,
        tags: ['Breakfast', 'Family', 'Weekend'],
        hue: 45,
        pictures: 1,
      },
    ],
    products: [
      {
        name: 'Cardamom latte',
        nameAr: 'لاتيه بالهيل',
        description: 'Espresso with steamed milk and freshly ground cardamom from our own roastery.',
        descriptionAr: 'إسبريسو مع حليب مبخر وهيل مطحون طازجاً من محمصتنا الخاصة.',
        price: 4.75,
        points: 20,
        stockAmount: 120,
        delivery: true,
        hue: 30,
      },
      {
        name: 'Single-origin beans 250 g',
        nameAr: 'حبوب قهوة أحادية المصدر 250 غ',
        description: 'Ethiopian Yirgacheffe beans roasted this week, floral and bright in the cup.',
        descriptionAr: 'حبوب يرغاتشيفي الإثيوبية محمصة هذا الأسبوع، بنكهة زهرية ومشرقة.',
        price: 14,
        points: 55,
        stockAmount: 0,
        delivery: true,
        hue: 15,
      },
      {
        name: 'Saffron date cake',
        nameAr: 'كعكة التمر بالزعفران',
        description: 'A slice of our date cake with saffron cream, to pick up fresh at the counter.',
        descriptionAr: 'شريحة من كعكة التمر مع كريمة الزعفران، تستلمها طازجة من الكاونتر.',
        price: 6,
        points: 25,
        stockAmount: 40,
        delivery: false,
        hue: 35,
      },
    ],
  },
  '97450000002': {
    offers: [
      {
        title: 'Kunafa for two',
        titleAr: 'كنافة لشخصين',
        description: 'A warm plate of Nabulsi kunafa to share, with two cups of Arabic coffee.',
        descriptionAr: 'طبق كنافة نابلسية ساخن للمشاركة مع فنجانين من القهوة العربية.',
        price: 22,
        points: 80,
        available: 60,
        tags: ['Sweets', 'Coffee'],
        hue: 340,
        pictures: 2,
      },
    ],
    products: [
      {
        name: 'Luqaimat box',
        nameAr: 'علبة لقيمات',
        description: 'Twelve golden luqaimat with date syrup and sesame, made fresh every evening.',
        descriptionAr: 'اثنتا عشرة لقيمة ذهبية مع دبس التمر والسمسم، تحضر طازجة كل مساء.',
        price: 6.5,
        points: 25,
        stockAmount: 35,
        delivery: false,
        hue: 40,
      },
      {
        name: 'Date maamoul tin',
        nameAr: 'علبة معمول بالتمر',
        description: 'A gift tin of twenty date maamoul, baked with semolina and rose water.',
        descriptionAr: 'علبة هدية من عشرين قطعة معمول بالتمر مخبوزة بالسميد وماء الورد.',
        price: 19,
        points: 70,
        stockAmount: 0,
        delivery: true,
        hue: 20,
      },
    ],
  },
};
